// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MediaKitLinux",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MediaKitLinux", targets: ["MediaKitLinux"]),
        .library(name: "TracerOverlay", targets: ["TracerOverlay"]),
        .executable(name: "media-info", targets: ["MediaInfo"]),
        .executable(name: "transcode", targets: ["Transcode"]),
        .executable(name: "shot-tracer", targets: ["ShotTracer"]),
        .executable(name: "golf-clip", targets: ["GolfClip"]),
    ],
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
        .executableTarget(
            name: "MediaInfo",
            dependencies: [
                "MediaKitLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Examples/MediaInfo"
        ),
        .executableTarget(
            name: "Transcode",
            dependencies: [
                "MediaKitLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Examples/Transcode"
        ),
        .executableTarget(
            name: "ShotTracer",
            dependencies: [
                "TracerOverlay",
                "MediaKitLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Examples/ShotTracer"
        ),
        .executableTarget(
            name: "GolfClip",
            dependencies: [
                "TracerOverlay",
                "MediaKitLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Examples/GolfClip"
        ),
        .testTarget(
            name: "MediaKitLinuxTests",
            dependencies: ["MediaKitLinux"]
        ),
        .testTarget(
            name: "TracerOverlayTests",
            dependencies: ["TracerOverlay", "MediaKitLinux"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
