import Testing

@testable import CourierCLI

@Suite("httpie 3's nested JSON")
struct NestedJSONTests {
    func body(_ items: [(String, String)]) throws -> String {
        try NestedJSON.build(items.map { (name: $0.0, json: $0.1) }).text
    }

    @Test(arguments: [
        ([("a[b]", #""c""#)], #"{"a": {"b": "c"}}"#),
        ([("a[]", "1"), ("a[]", "2")], #"{"a": [1, 2]}"#),
        ([("[]", "1"), ("[]", #""x""#)], #"[1, "x"]"#),
        ([("a[0]", #""x""#)], #"{"a": ["x"]}"#),
        ([("a[2]", #""x""#)], #"{"a": [null, null, "x"]}"#),
        ([("x[y][z]", #""v""#)], #"{"x": {"y": {"z": "v"}}}"#),
        (
            [("name", #""pen""#), ("tags[]", #""a""#), ("size[w]", "2"), ("size[h]", "3")],
            #"{"name": "pen", "tags": ["a"], "size": {"w": 2, "h": 3}}"#
        ),
        ([("a[][b]", "1"), ("a[][b]", "2")], #"{"a": [{"b": 1}, {"b": 2}]}"#),
        ([("a[0][b]", "1"), ("a[0][c]", "2")], #"{"a": [{"b": 1, "c": 2}]}"#),
        ([(#"a\[b\]"#, "1")], #"{"a[b]": 1}"#),
        ([(#"a[\1]"#, "1")], #"{"a": {"1": 1}}"#),
        ([("123", "1")], #"{"123": 1}"#),
        ([("a", "1"), ("a", "2")], #"{"a": 2}"#),
        ([("[0][a]", "1")], #"[{"a": 1}]"#),
    ])
    func pathsBuildObjectsAndArraysAsHttpieDoes(items: [(String, String)], expected: String) throws {
        #expect(try body(items) == expected)
    }

    @Test(arguments: [
        (
            [("a", #""1""#), ("a[b]", "2")],
            "'a[b]': cannot perform 'key' based access on 'a' which has a type of 'string' but this operation requires a type of 'object'"
        ),
        (
            [("a[]", "1"), ("a[x]", "2")],
            "'a[x]': cannot perform 'key' based access on 'a' which has a type of 'array' but this operation requires a type of 'object'"
        ),
        (
            [("a[x]", "1"), ("a[]", "2")],
            "'a[]': cannot perform 'append' based access on 'a' which has a type of 'object' but this operation requires a type of 'array'"
        ),
        (
            [("[]", "1"), ("a", "2")],
            "'a': cannot perform 'key' based access on '' which has a type of 'array' but this operation requires a type of 'object'"
        ),
        (
            [("x[y]", "1"), ("x[y][z]", "2")],
            "'x[y][z]': cannot perform 'key' based access on 'x[y]' which has a type of 'number' but this operation requires a type of 'object'"
        ),
    ])
    func conflictingPathsAreTypeErrorsInHttpiesWords(items: [(String, String)], message: String) {
        #expect(throws: NestedJSON.PathError.self) { try body(items) }
        do {
            _ = try body(items)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(arguments: ["a[b", "a[b]c", "a]", "[x]", "a[[b]]", "[1"])
    func malformedPathsAreSyntaxErrors(name: String) {
        #expect(throws: NestedJSON.PathError.self) { try body([(name, "1")]) }
    }
}
