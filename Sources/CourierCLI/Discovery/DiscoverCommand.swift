import ArgumentParser

/// `courier discover`: mDNS/DNS-SD from the command line, modeled on `dns-sd` and `avahi-browse`.
struct DiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Browse, publish and resolve services on the local network (mDNS / DNS-SD).",
        discussion: """
            Examples:
              courier discover browse _http._tcp --resolve --parseable --timeout 5
              courier discover publish "Kids Shoes" _associateHelp._tcp 8080 version=1.0
              courier discover resolve "Kids Shoes" _associateHelp._tcp
              courier discover types
              courier discover associate    # then, elsewhere: courier discover consumer
            """,
        subcommands: [
            DiscoverBrowseCommand.self, DiscoverPublishCommand.self, DiscoverResolveCommand.self,
            DiscoverTypesCommand.self, DiscoverAssociateCommand.self, DiscoverConsumerCommand.self,
        ])
}
