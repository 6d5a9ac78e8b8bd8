import Foundation

// GenerateFiles: makes the package's generated files (the diagnostic code
// tables, README's copy of mappings.json, the sample's catalog and JSON
// Schemas). Run it through the command plugin:
//     swift package --allow-writing-to-package-directory generate
do {
    let command = try GenerateCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    let changed = try command.run()
    if command.check {
        for path in changed { print("\(path) is out of date") }
        if !changed.isEmpty {
            print("run: swift package --allow-writing-to-package-directory generate")
            exit(1)
        }
        print("generated files are up to date")
    } else {
        for path in changed { print("wrote \(path)") }
        if changed.isEmpty { print("generated files were already up to date") }
    }
} catch {
    FileHandle.standardError.write(Data("GenerateFiles: \(error)\n".utf8))
    exit(2)
}
