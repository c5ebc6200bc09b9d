import Testing
@testable import TracerOverlay
