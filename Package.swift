// swift-tools-version: 6.0
import PackageDescription

/// An example program: Sources/Examples/<directory>, built as the executable `product`.
func example(_ product: String, _ directory: String, _ dependencies: [Target.Dependency]) -> (Product, Target) {
    (.executable(name: product, targets: [directory]),
     .executableTarget(
        name: directory,
        dependencies: dependencies + ["ExampleSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
        path: "Sources/Examples/\(directory)"))
}

// One line per example program; keep them sorted.
let examples = [
    example("golf-clip", "GolfClip", ["TracerOverlay", "MediaKitLinux"]),
    example("media-info", "MediaInfo", ["MediaKitLinux"]),
    example("overlay-demo", "OverlayDemo", ["MediaKitLinux"]),
    example("shot-tracer", "ShotTracer", ["TracerOverlay", "MediaKitLinux"]),
    example("transcode", "Transcode", ["MediaKitLinux"]),
]

let package = Package(
    name: "MediaKitLinux",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MediaKitLinux", targets: ["MediaKitLinux"]),
        .library(name: "TracerOverlay", targets: ["TracerOverlay"]),
    ] + examples.map(\.0),
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libavutil libswscale",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .target(
            name: "MediaKitLinux",
            dependencies: ["CFFmpeg", "CCairo"]
        ),
        .target(
            name: "TracerOverlay",
            dependencies: ["MediaKitLinux"],
            exclude: ["GroundTruth/README.md"]
        ),
        // What the example programs share (a terminal progress bar); not part of the libraries.
        .target(name: "ExampleSupport", path: "Sources/Examples/Support"),
        .testTarget(
            name: "MediaKitLinuxTests",
            dependencies: ["MediaKitLinux"]
        ),
        .testTarget(
            name: "TracerOverlayTests",
            dependencies: ["TracerOverlay", "MediaKitLinux"]
        ),
    ] + examples.map(\.1),
    swiftLanguageModes: [.v6]
)
