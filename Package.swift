// swift-tools-version:6.1
import PackageDescription

// jemalloc is `folio`'s allocator, but where another must be: with FOLIO_SYSTEM_MALLOC=1 in the
// environment (`make dist`, whose static Swift runtime would hide a static library's malloc
// from the C library; `make asan` and `make fuzz`, whose sanitizer brings its own), the C
// library's is used.
let systemMalloc = Context.environment["FOLIO_SYSTEM_MALLOC"] == "1"
let allocator: [Target.Dependency] = systemMalloc ? [] : ["CJemalloc"]
// libqrencode draws `folio serve --lan`'s QR code and the printed pages' codes of videos, but Debian ships it only as a shared
// library: the self-contained executable (`make dist`, FOLIO_STANDALONE=1) is built without
// it, and prints the address alone (docs/output.md).
let standalone = Context.environment["FOLIO_STANDALONE"] == "1"
let qrEncoder: [Target.Dependency] = standalone ? [] : ["CQREncode"]
// The packages that only the command line, the site, the preview server and the outputs
// use come under the CommandLine trait, on by default: an app that depends on this package
// with `traits: []` resolves and fetches only swift-crypto, swift-asn1 and GRDB.swift
// (docs/library.md), since SwiftPM leaves out a dependency used only under a disabled trait.
func commandLine(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["CommandLine"]))
}

let package = Package(
    name: "Folio",
    // The command line is built and tested on Linux (Debian). The libraries an app builds
    // on (the products below but `folio`) use Foundation, swift-crypto and GRDB and no
    // Linux-only API, which a test checks and `make libraries` builds product by product;
    // the command line's modules reach the C library through FolioSystem.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        // For apps (docs/library.md): the bundle's types; grading and deck study; reading,
        // verifying and updating a bundle; the learner's progress.
        .library(name: "FolioModel", targets: ["FolioModel"]),
        .library(name: "FolioQuiz", targets: ["FolioQuiz"]),
        .library(name: "FolioClient", targets: ["FolioClient"]),
        .library(name: "FolioProgress", targets: ["FolioProgress"]),
    ],
    traits: [
        .default(enabledTraits: ["CommandLine"]),
        .trait(
            name: "CommandLine",
            description: "The folio command with its site, preview server and outputs, and the packages only they use."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // The C libraries, from the system (Debian libyaml-dev, libcmark-dev, libgumbo-dev,
        // zlib1g-dev).
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        .systemLibrary(
            name: "CGumbo", pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]),
        // zlib (Debian zlib1g-dev): inflate, for reading archives back. Not named CZlib, the
        // name of ZIPFoundation's own module for zlib, which a second module may not take.
        .systemLibrary(name: "CZlibInflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // libdeflate (Debian libdeflate-dev), which deflates bundle.zip's members: whole
        // buffers at once, twice as fast as zlib at the same level for the same size
        // (docs/development.md).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // jemalloc (Debian libjemalloc-dev), the `folio` executable's allocator in place of the
        // C library's: a build renders on every core, and at 10,000 chapters it made the first
        // build 17% faster and its peak memory 13% smaller (docs/development.md).
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]),
        // libqrencode (Debian libqrencode-dev): the QR codes of the preview's network address and of
        // the videos on printed pages.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),

        // Diagnostics, source files and locations: the leaf everything uses, apps included.
        .target(name: "FolioCore"),
        // SHA-256 of files and bytes as the manifest writes them: a leaf over swift-crypto, for
        // the client that checks a bundle and the compiler and outputs that write one.
        .target(name: "FolioDigest", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // The C library (Glibc or Darwin) for the command line: raw reads and writes, file
        // times, peak memory, signals; the only module that imports it, for the others that
        // make system calls. Never a dependency of a library product.
        .target(name: "FolioSystem"),
        // Where content comes from (a folder or memory), what each path is, and reading
        // and decoding text files: the one content-access layer.
        .target(name: "FolioContent", dependencies: ["FolioCore", "FolioSystem"]),
        // Inline Markdown through cmark: the HTML of quiz and card texts, and the styled spans a
        // terminal shows, for the runner, which needs no other parser.
        .target(name: "FolioInlineMarkdown", dependencies: ["FolioCore", "CCmark"]),
        // The only code that touches libyaml, cmark's documents and Gumbo (HTML); re-exports
        // FolioInlineMarkdown.
        .target(name: "FolioSyntax", dependencies: ["FolioCore", "FolioInlineMarkdown", "FolioSystem", "CYAML", "CCmark", "CGumbo"]),
        // For apps: the bundle contract, the types its JSON holds, shared with the site and the
        // runners.
        .target(name: "FolioModel", dependencies: ["FolioCore"], resources: [.copy("bundle.schema.json")]),
        // The compiler's in-memory program, which the outputs render: compiled chapters and
        // pages, bodies of HTML runs and slots, their shelved text, the search index's
        // building. Never a dependency of a library product.
        .target(name: "FolioProgram", dependencies: ["FolioCore", "FolioModel", "FolioQuiz", "FolioInterface"]),
        // load -> parse -> check -> resolve -> a compiled program. Writes no file.
        .target(
            name: "FolioCompiler",
            dependencies: [
                "FolioCore", "FolioContent", "FolioSyntax", "FolioModel", "FolioProgram", "FolioQuiz", "FolioSystem", "FolioDigest", "FolioInterface",
            ]),
        // The build driver: hands a compiled program to each renderer and swaps the output in.
        .target(
            name: "FolioOutput", dependencies: ["FolioCore", "FolioModel", "FolioProgram", "FolioSystem"]),
        // The build's decision: the record of what the last build read and wrote, and which
        // way this one goes (the same inputs, the short way after an edit, the whole way),
        // through one list of renderers.
        .target(
            name: "FolioBuild",
            dependencies: [
                "FolioCore", "FolioContent", "FolioModel", "FolioProgram", "FolioCompiler", "FolioOutput", "FolioBundle", "FolioSite", "FolioClient",
                "FolioDigest", "FolioSystem",
            ]),
        // Renderers: the bundle for apps (JSON, media, the manifest with SHA-256, its
        // signature) and its archive.
        .target(
            name: "FolioBundle",
            dependencies: [
                "FolioCore", "FolioModel", "FolioProgram", "FolioOutput", "FolioDigest", "FolioClient", "FolioQuiz", "FolioInterface", "FolioSystem",
                "CZlibInflate", "CDeflate",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // Renderers: the learner's site, HTML from the compiled program, with its printable
        // workbook; and the facilitator's guide. Their scripts and stylesheets are files in
        // Assets/; libdeflate for the app icons' PNG files; libqrencode for videos on paper.
        .target(
            name: "FolioSite",
            dependencies: [
                "FolioCore", "FolioModel", "FolioProgram", "FolioQuiz", "FolioOutput", "FolioSystem", "FolioInterface", "CDeflate",
                commandLine("Mustache", "swift-mustache"),
            ] + qrEncoder,
            exclude: ["Assets"],
            plugins: ["EmbedAssetFolder"]),
        // The interface's words in each language (catalogues in Assets/), with CLDR plural
        // rules from the ICU that Foundation carries.
        .target(
            name: "FolioInterface", dependencies: ["FolioCore", "FolioSyntax"], exclude: ["Assets"],
            linkerSettings: [.linkedLibrary("_FoundationICU")], plugins: ["EmbedAssetFolder"]),
        // PO files (GNU gettext) read and written by libgettextpo, for translators' tools.
        // libgettextpo needs libunistring, which a static link must name.
        .target(name: "CGettextPO", linkerSettings: [.linkedLibrary("gettextpo"), .linkedLibrary("unistring")]),
        .target(name: "FolioGettext", dependencies: ["CGettextPO"]),
        // Translators' tools: the program's and the interface's texts as PO files and back.
        .target(
            name: "FolioTranslation", dependencies: ["FolioCore", "FolioContent", "FolioSyntax", "FolioCompiler", "FolioInterface", "FolioGettext"]),
        // Embeds a target's Assets/ folder in its code (SiteAssets, AuthoringAssets).
        .executableTarget(name: "EmbedAssets"),
        .plugin(name: "EmbedAssetFolder", capability: .buildTool(), dependencies: ["EmbedAssets"]),
        // For apps: grading and hints, deck study, over the bundle model; no terminal I/O.
        .target(name: "FolioQuiz", dependencies: ["FolioModel", "FolioCore"]),
        // `folio grade`'s pipeline: attempts read straight from their bytes, graded in
        // batches, results written as JSON lines; over FolioQuiz's rules.
        .target(name: "FolioGrading", dependencies: ["FolioCore", "FolioModel", "FolioQuiz"]),
        // For apps: the learner's saved attempts and study sessions, in SQLite.
        .target(
            name: "FolioProgress", dependencies: ["FolioCore", "FolioModel", "FolioQuiz", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("progress-file.schema.json")]),
        // For apps: reading a bundle, checking its files and signature, and updating it
        // to a newly published version over a transport the app supplies; re-exports FolioDigest.
        .target(
            name: "FolioClient", dependencies: ["FolioCore", "FolioModel", "FolioDigest", .product(name: "Crypto", package: "swift-crypto")]),
        // A bundle's archive (bundle.zip) read through ZIPFoundation, for `folio sync`'s first
        // install; apps bring their own zip reader to FolioClient, which reads none.
        .target(name: "FolioArchive", dependencies: ["FolioClient", commandLine("ZIPFoundation", "ZIPFoundation")]),
        // Quizzes and flashcards in a terminal, over FolioQuiz, in the words of an interface
        // catalogue; of the content parsers, inline Markdown only.
        .target(
            name: "FolioRunner",
            dependencies: ["FolioCore", "FolioSystem", "FolioQuiz", "FolioModel", "FolioInlineMarkdown", "FolioProgress", "FolioInterface"]),
        // `folio serve`: the site from memory, rebuilt when the content changes.
        .target(
            name: "FolioServe",
            dependencies: [
                "FolioCore", "FolioSystem", "FolioCompiler", "FolioExplanations", "FolioOutput", "FolioSite", "FolioModel",
                "FolioProgram", commandLine("Hummingbird", "hummingbird"), commandLine("HummingbirdCore", "hummingbird"),
                commandLine("Logging", "swift-log"), commandLine("NIOCore", "swift-nio"), commandLine("NIOPosix", "swift-nio"),
            ] + qrEncoder),
        // Insights for staff: randomized reports estimated with their intervals, the
        // report page, and `folio insights collect`'s collector (Hummingbird, SQLite).
        .target(
            name: "FolioInsights",
            dependencies: [
                "FolioCore", "FolioQuiz", "FolioModel", "FolioProgram", .product(name: "GRDB", package: "GRDB.swift"),
                commandLine("Hummingbird", "hummingbird"), commandLine("HummingbirdCore", "hummingbird"), commandLine("Logging", "swift-log"),
                commandLine("NIOCore", "swift-nio"),
            ]),
        // Moodle GIFT quizzes to Folio quiz YAML; pure, the command does the file I/O.
        .target(name: "FolioImport", dependencies: ["FolioCore", "FolioContent", "FolioSyntax"]),
        // What every diagnostic code means, with an example of the mistake and of its fix
        // (`folio explain`, the preview's problem pages).
        .target(name: "FolioExplanations", dependencies: ["FolioCore", "FolioSyntax", "FolioCompiler", "FolioImport", "FolioInterface"]),
        // Starting a program and adding chapters, quizzes and decks to it; the starter
        // program and the templates are files in Assets/.
        .target(
            name: "FolioAuthoring", dependencies: ["FolioCore", "FolioContent", "FolioSyntax", "FolioSystem"], exclude: ["Assets"],
            plugins: ["EmbedAssetFolder"]),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioCore", "FolioSystem", "FolioModel", "FolioProgram", "FolioCompiler", "FolioOutput", "FolioBuild", "FolioBundle", "FolioDigest",
                "FolioClient", "FolioSite", "FolioExplanations", "FolioAuthoring", "FolioQuiz", "FolioGrading", "FolioArchive",
                "FolioProgress", "FolioRunner", "FolioImport", "FolioServe", "FolioInterface", "FolioTranslation", "FolioGettext", "FolioInsights",
                commandLine("ArgumentParser", "swift-argument-parser"),
            ] + allocator,
            swiftSettings: systemMalloc ? [.define("FOLIO_SYSTEM_MALLOC")] : []),

        // libFuzzer's entry over the content readers; built only by `make fuzz`, with
        // -sanitize=fuzzer (see the Makefile).
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "folio-fuzz", dependencies: ["CFuzzDriver", "FolioCompiler", "FolioContent", "FolioCore"],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]),

        // Fixtures and helpers shared by the test targets.
        .target(name: "FolioTestSupport", path: "Tests/FolioTestSupport"),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore"]),
        .testTarget(name: "FolioInterfaceTests", dependencies: ["FolioInterface", "FolioCore"]),
        .testTarget(name: "FolioGettextTests", dependencies: ["FolioGettext"]),
        .testTarget(
            name: "FolioTranslationTests",
            dependencies: [
                "FolioTranslation", "FolioInterface", "FolioGettext", "FolioCompiler", "FolioContent", "FolioCore", "FolioSyntax", "FolioTestSupport",
            ]),
        .testTarget(name: "FolioSyntaxTests", dependencies: ["FolioSyntax", "FolioInlineMarkdown", "FolioCore"]),
        .testTarget(
            name: "FolioCompilerTests",
            dependencies: [
                "FolioTestSupport", "FolioCompiler", "FolioContent", "FolioExplanations", "FolioImport", "FolioCore", "FolioModel", "FolioProgram", "FolioQuiz",
                "FolioSyntax", "FolioInterface",
                "CCmark",
            ]),
        .testTarget(
            name: "FolioOutputTests",
            dependencies: [
                "FolioTestSupport", "FolioOutput", "FolioBundle", "FolioSite", "FolioCompiler", "FolioModel", "FolioProgram", "FolioDigest", "FolioClient",
            ]),
        .testTarget(
            name: "FolioSiteTests", dependencies: ["FolioTestSupport", "FolioSite", "FolioModel", "FolioProgram", "FolioCompiler", "FolioInterface"]),
        .testTarget(name: "FolioQuizTests", dependencies: ["FolioTestSupport", "FolioQuiz", "FolioGrading", "FolioProgram", "FolioModel"]),
        .testTarget(
            name: "FolioBuildTests",
            dependencies: [
                "FolioTestSupport", "FolioBuild", "FolioOutput", "FolioBundle", "FolioSite", "FolioCompiler", "FolioContent", "FolioModel", "FolioProgram",
                "FolioCore", "FolioSystem", "FolioServe",
            ]),
        .testTarget(name: "FolioProgressTests", dependencies: ["FolioProgress", "FolioQuiz"]),
        .testTarget(
            name: "FolioInsightsTests",
            dependencies: ["FolioInsights", "FolioQuiz", "FolioModel", "FolioProgram", "FolioTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "FolioClientTests",
            dependencies: ["FolioClient", "FolioDigest", "FolioModel", "FolioArchive", commandLine("ZIPFoundation", "ZIPFoundation")]),
        // An app's code: the library products only (and the folio executable, run as a
        // program's pipeline runs it).
        .testTarget(name: "FolioLibraryExampleTests", dependencies: ["FolioClient", "FolioModel", "FolioQuiz", "FolioProgress", "folio"]),
        .testTarget(
            name: "FolioRunnerTests",
            dependencies: ["FolioRunner", "FolioQuiz", "FolioModel", "FolioProgram", "FolioProgress", "FolioSyntax", "FolioCompiler", "FolioInterface"]),
        .testTarget(
            name: "FolioImportTests",
            dependencies: ["FolioImport", "FolioContent", "FolioExplanations", "FolioCore", "FolioCompiler", "FolioModel", "FolioQuiz", "FolioSyntax"]),
        .testTarget(name: "FolioAuthoringTests", dependencies: ["FolioAuthoring", "FolioContent", "FolioCore", "FolioCompiler", "FolioModel"]),
        .testTarget(
            name: "FolioEndToEndTests",
            dependencies: [
                "folio", "FolioTestSupport", "FolioCore", "FolioProgress", "FolioInsights", "FolioQuiz", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
    ]
)
