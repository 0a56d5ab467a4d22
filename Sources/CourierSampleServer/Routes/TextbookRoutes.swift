import Hummingbird

enum TextbookRoutes {
    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
    }
}
