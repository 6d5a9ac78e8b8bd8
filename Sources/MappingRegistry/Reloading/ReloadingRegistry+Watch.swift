import Foundation

extension ReloadingRegistry {
    /// Watches the mappings file and reloads it whenever its contents
    /// change, handing each outcome to `handler`.
    ///
    /// The watch polls the file's metadata (device, inode, size, times) every
    /// `interval`, waits for it to settle for `debounce`, and then compares
    /// the contents with the last read: an editor that saves in place, one
    /// that writes a new file and renames it over the old one, a truncation,
    /// a deletion and a re-creation are all changes; touching the file
    /// without changing its bytes is not. A change the watch sees before
    /// the file settles again is merged with it, so `handler` gets the state
    /// the file settled in.
    ///
    /// For each change, `handler` receives `.success` with the new registry
    /// (already ``current``) or `.failure` with every diagnostic (the file
    /// cannot be read, was deleted, or has errors; ``current`` is
    /// unchanged). A version that loads is delivered as soon as the file
    /// settles; one that fails is delivered once it has stayed the same for
    /// a quarter of a second, because a file being written in place, or
    /// deleted to be written again, fails for a moment. It runs on the
    /// watch's own thread, one call at a time.
    /// A change made between loading and starting the watch is delivered
    /// right away.
    ///
    /// ```swift
    /// let watch = mappings.watch { outcome in
    ///     switch outcome {
    ///     case .success(let registry): print("reloaded \(registry.mappings.count) mappings")
    ///     case .failure(let error): print(DiagnosticFormatter().format(error.diagnostics))
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - interval: How often to look at the file. Default 100 ms.
    ///   - debounce: How long the file must stay unchanged before it is
    ///     read. Default 50 ms.
    ///   - handler: Receives the outcome of every reload the watch makes.
    /// - Returns: The watch. It stops when ``FileWatch/cancel()`` is called
    ///   or when it is deinitialized, so keep it for as long as you want
    ///   reloads. While it runs, it keeps the registry alive.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func watch(
        interval: Duration = .milliseconds(100),
        debounce: Duration = .milliseconds(50),
        _ handler: @escaping @Sendable (Result<MappingRegistry, ConfigurationError>) -> Void
    ) -> FileWatch {
        watch(pacing: .polling(interval: Self.seconds(interval), debounce: Self.seconds(debounce)), handler)
    }

    /// Watches the mappings file and reloads it whenever its contents
    /// change, with the timings in seconds.
    ///
    /// The same watch as ``watch(interval:debounce:_:)``, for systems
    /// without `Duration` (before macOS 13, iOS 16, tvOS 16 and watchOS 9).
    ///
    /// ```swift
    /// let watch = mappings.watch(intervalSeconds: 0.1, debounceSeconds: 0.05) { outcome in
    ///     if case .failure(let error) = outcome {
    ///         print(DiagnosticFormatter().format(error.diagnostics))
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - intervalSeconds: How often to look at the file, in seconds; 0.1
    ///     is what ``watch(interval:debounce:_:)`` uses by default.
    ///   - debounceSeconds: How long the file must stay unchanged before it
    ///     is read, in seconds; 0.05 is the other watch's default.
    ///   - handler: Receives the outcome of every reload the watch makes.
    /// - Returns: The watch. It stops when ``FileWatch/cancel()`` is called
    ///   or when it is deinitialized, so keep it for as long as you want
    ///   reloads. While it runs, it keeps the registry alive.
    public func watch(
        intervalSeconds: TimeInterval,
        debounceSeconds: TimeInterval,
        _ handler: @escaping @Sendable (Result<MappingRegistry, ConfigurationError>) -> Void
    ) -> FileWatch {
        watch(pacing: .polling(interval: intervalSeconds, debounce: debounceSeconds), handler)
    }

    /// Watches the mappings file as ``watch(interval:debounce:_:)`` does,
    /// paced by a polling thread or, with ``FileWatcher/Pacing/manual``, by
    /// ``FileWatch/poll(at:)`` calls, which run `handler` on the calling
    /// thread and take the time a failed version's grace period is measured in.
    package func watch(
        pacing: FileWatcher.Pacing,
        _ handler: @escaping @Sendable (Result<MappingRegistry, ConfigurationError>) -> Void
    ) -> FileWatch {
        let watcher = FileWatcher(url: url, pacing: pacing) { [self] now in
            switch reloadIfChanged(now: now) {
            case .unchanged:
                return true
            case .unsettled:
                return false
            case .changed(let outcome, _):
                handler(outcome)
                return true
            }
        }
        return FileWatch(watcher)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
