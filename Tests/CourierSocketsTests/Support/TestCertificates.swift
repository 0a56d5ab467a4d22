/// A test certificate authority and a `localhost`/`127.0.0.1` leaf it signed (P-256, valid until 2126),
/// made once with `openssl` for these tests only.
enum TestCertificates {
    static let authorityPEM = """
        -----BEGIN CERTIFICATE-----
        MIIBqzCCAVGgAwIBAgIUOljYj+W0Sxc257KgXMoNfIfU6HwwCgYIKoZIzj0EAwIw
        IjEgMB4GA1UEAwwXQ291cmllciBTb2NrZXRzIFRlc3QgQ0EwIBcNMjYxMTI1MTc1
        ODEwWhgPMjEyNjExMDExNzU4MTBaMCIxIDAeBgNVBAMMF0NvdXJpZXIgU29ja2V0
        cyBUZXN0IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE2NeTF2Ex5rnu+41w
        e+6jsQ47lv1hO7X9Yyvn52j2CsvK+z31cM8nj/LG4x0tifT2+6BoOASY0hhkVAKV
        8xiroaNjMGEwHQYDVR0OBBYEFHx+Rg5dQXUF4HNSEFbpyospeKkZMB8GA1UdIwQY
        MBaAFHx+Rg5dQXUF4HNSEFbpyospeKkZMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0P
        AQH/BAQDAgEGMAoGCCqGSM49BAMCA0gAMEUCIQDJCm3EaSGidmu8tYjFBnAYxxkF
        S2eSqcFUZ5h+wG2ZHgIgQQjcbI1h7kcsHHihS8k5W7wXOupLcn3JcQA7xWfE1BM=
        -----END CERTIFICATE-----
        """

    static let leafPEM = """
        -----BEGIN CERTIFICATE-----
        MIIBtzCCAV6gAwIBAgIUNLTFHUCRW8Y1fggYYN6IK1BGhP8wCgYIKoZIzj0EAwIw
        IjEgMB4GA1UEAwwXQ291cmllciBTb2NrZXRzIFRlc3QgQ0EwIBcNMjYxMTI1MTc1
        ODEwWhgPMjEyNjExMDExNzU4MTBaMBQxEjAQBgNVBAMMCWxvY2FsaG9zdDBZMBMG
        ByqGSM49AgEGCCqGSM49AwEHA0IABA+wFlfHo7FP09hFas5ITWLDq7S7H2BneB8U
        QirbBUrNik5x8/xVhmnBAEuRJtK66mK8hW5M6ZZCT3VC5lRJWyGjfjB8MBoGA1Ud
        EQQTMBGCCWxvY2FsaG9zdIcEfwAAATAJBgNVHRMEAjAAMBMGA1UdJQQMMAoGCCsG
        AQUFBwMBMB0GA1UdDgQWBBQ+LQNgJIEFKWtgnez8iBroBv9CqDAfBgNVHSMEGDAW
        gBR8fkYOXUF1BeBzUhBW6cqLKXipGTAKBggqhkjOPQQDAgNHADBEAiBXPgoRxds8
        pZrbjfHQL7V3JkbBdlhMapFMenW4Yu/O9QIgAsrpTlx5AeV80wKTpllcReRy8SZn
        fbQYHAcdZpwgSuc=
        -----END CERTIFICATE-----
        """

    static let leafKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgUIhxNITs3RSchzts
        c75RqRSPNGHU1ZS5Y/jgF23gR1yhRANCAAQPsBZXx6OxT9PYRWrOSE1iw6u0ux9g
        Z3gfFEIq2wVKzYpOcfP8VYZpwQBLkSbSuupivIVuTOmWQk91QuZUSVsh
        -----END PRIVATE KEY-----
        """

    /// `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`
    static let leafPinBase64 = "iEZ6lmYoC1SJR8EedCLDvVVEaNsrQKPKlYiM9+hTq6Q="
}
