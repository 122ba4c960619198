#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP into a byte on a pipe that the console
/// polls beside the keyboard, so a runner stops between two steps, says what happened
/// and leaves saved progress untouched, instead of dying wherever the signal lands.
public enum InterruptSignal {
    /// The pipe's ends, set once by ``install()``; the handler may only touch these.
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// The end to poll; -1 until installed.
    public static var readEnd: Int32 { pipeEnds.read }

    /// Installs the handlers once. Without `SA_RESTART`, a blocked read returns at once.
    public static func install() {
        guard pipeEnds.read < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        pipeEnds = (ends[0], ends[1])
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(InterruptSignal.pipeEnds.write, &byte, 1)
            }
        #else
            action.__sigaction_u.__sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(InterruptSignal.pipeEnds.write, &byte, 1)
            }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaction(signal, &action, nil) }
        // A closed output (`folio quiz | head`) is an error to handle, not a reason to die.
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Whether a signal came, consuming it.
    public static func take() -> Bool {
        guard pipeEnds.read >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 16)
        return read(pipeEnds.read, &buffer, buffer.count) > 0
    }
}
