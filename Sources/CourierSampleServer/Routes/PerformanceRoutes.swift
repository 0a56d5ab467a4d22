import Hummingbird

enum PerformanceRoutes {
    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
    }
}
