import Hummingbird

enum PushRoutes {
    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
    }
}
