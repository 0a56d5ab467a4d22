import Foundation

/// Prints a line at once (stdout is block-buffered when piped, and benchmarks run long).
func report(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
