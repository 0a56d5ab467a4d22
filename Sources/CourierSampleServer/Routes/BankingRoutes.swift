import Hummingbird

enum BankingRoutes {
    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
    }
}
