import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The library's calls into the C system interface that hand memory across by address: a file's
// bytes read and written, a folder entry's name, a thread's own state, its stack's bounds, and a
// thread started with a stack of a chosen size. Each is a small typed wrapper that takes and
// gives Swift values, with the invariant it relies on stated; the storage (FileIO) and the deep
// recursion (DeepRecursion, ValueNesting) work through them.

// MARK: - Files

extension FileIO {
    /// Reads up to `size` bytes from `descriptor` into memory the returned data owns, fewer when
    /// the file ends first (another writer truncated it); the error number of a failed read.
    /// Read into uninitialized memory: `Data(count:)` zero-fills every byte first, as much work
    /// as reading them.
    static func readBytes(_ descriptor: Int32, count size: Int) -> Result<Data, SystemError> {
        guard size > 0 else { return .success(Data()) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        var offset = 0
        while offset < size {
            let result = read(descriptor, buffer.baseAddress! + offset, size - offset)
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                buffer.deallocate()
                return .failure(SystemError(code: code))
            }
            if result == 0 { break }
            offset += result
        }
        // The data owns the buffer from here, and frees it.
        var data = Data(bytesNoCopy: buffer.baseAddress!, count: size, deallocator: .custom { bytes, _ in bytes.deallocate() })
        if offset < size { data.count = offset }
        return .success(data)
    }

    /// Writes all of `data` to `descriptor`; the error number if that fails.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += result
            }
            return nil
        }
    }

    /// The name of the folder entry `readdir` returned (valid until the next `readdir` of its
    /// folder), or `nil` when `hiddenOnly` and the name does not start with a dot (so that no
    /// string is made for it).
    ///
    /// The name is read where it is, up to its NUL: `entry.pointee.d_name` would copy the whole
    /// 256-byte field, past the end of a short last entry, which can end where readable memory
    /// does (a test run crashed there).
    static func entryName(_ entry: UnsafeMutablePointer<dirent>, hiddenOnly: Bool) -> String? {
        let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let bytes = UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
        guard !hiddenOnly || bytes.first == UInt8(ascii: ".") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An error number a system call set.
struct SystemError: Error {
    let code: Int32
}

// MARK: - Threads

/// A value of its own for each thread that asks for it: made by ``make(_:)`` the first time the
/// thread needs it, reached through ``current`` after, and freed when the thread ends.
///
/// Invariants: a thread's value is reached only on that thread (``ThreadLocalValue`` is not
/// `Sendable`, and debug builds check the thread on every access); what it holds is not
/// deinitialized when the thread ends, only freed, so `Value` holds no reference that must be
/// released then (its holder clears them when it is done with them).
///
/// ```swift
/// static let states = ThreadLocal<ConversionState>()
/// let state = states.current ?? states.make(ConversionState())
/// state.pointee.depth += 1
/// ```
@usableFromInline
struct ThreadLocal<Value>: Sendable {
    @usableFromInline let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }

    /// This thread's value, or `nil` before ``make(_:)``.
    @inlinable @inline(__always)
    var current: ThreadLocalValue<Value>? {
        guard let address = pthread_getspecific(key) else { return nil }
        return ThreadLocalValue(address.assumingMemoryBound(to: Value.self), key: key)
    }

    /// Makes `value` this thread's value, which it must not have yet.
    ///
    /// `trailingBytes` more bytes follow the value in the same allocation, uninitialized, freed
    /// with it (``ThreadLocalValue/trailingBytes``).
    func make(_ value: Value, trailingBytes: Int = 0) -> ThreadLocalValue<Value> {
        assert(pthread_getspecific(key) == nil, "this thread has its \(Value.self) already")
        assert(MemoryLayout<Value>.alignment <= 16, "free() frees what malloc's alignment serves")
        let address = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Value>.stride + trailingBytes, alignment: MemoryLayout<Value>.alignment
        ).bindMemory(to: Value.self, capacity: 1)
        address.initialize(to: value)
        pthread_setspecific(key, address)
        return ThreadLocalValue(address, key: key)
    }
}

/// One thread's value of a ``ThreadLocal``, read and written where it is, on that thread only.
@usableFromInline
struct ThreadLocalValue<Value> {
    @usableFromInline let address: UnsafeMutablePointer<Value>
    #if DEBUG
    @usableFromInline let key: pthread_key_t
    #endif

    @inlinable
    init(_ address: UnsafeMutablePointer<Value>, key: pthread_key_t) {
        self.address = address
        #if DEBUG
        self.key = key
        #endif
    }

    /// The value, on the thread it belongs to (checked in debug builds).
    @inlinable
    var pointee: Value {
        unsafeAddress {
            assert(isCurrentThreads, "a thread's \(Value.self) used on another thread")
            return UnsafePointer(address)
        }
        nonmutating unsafeMutableAddress {
            assert(isCurrentThreads, "a thread's \(Value.self) used on another thread")
            return address
        }
    }

    /// The bytes ``ThreadLocal/make(_:trailingBytes:)`` put after the value.
    @inlinable @inline(__always)
    var trailingBytes: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(address) + MemoryLayout<Value>.stride
    }

    /// Whether this is the value of the thread that runs: what debug builds check of every use
    /// (always true in release builds, which do not keep what it is checked against).
    @usableFromInline
    var isCurrentThreads: Bool {
        #if DEBUG
        return pthread_getspecific(key) == UnsafeMutableRawPointer(address)
        #else
        return true
        #endif
    }
}

/// The stack of the thread that runs. Stacks grow down on every platform Swift runs on.
@usableFromInline
enum ThreadStack {
    /// The current stack pointer, near enough: the address of a local of the caller's frame
    /// (hence always inlined).
    @inlinable @inline(__always)
    static var address: UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The lowest address of this thread's stack, if the system says and `here`, an address on
    /// it, lies inside what it says.
    static func lowestAddress(containing here: UInt) -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size && here <= top && here > top - size ? top - size : nil
        #else
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        let start = UInt(bitPattern: address)
        return here >= start && here < start + UInt(size) ? start : nil
        #endif
    }

    #if !canImport(Darwin)
    /// `pthread_getattr_np`, which glibc and musl have but Swift's module for them does not
    /// declare (it needs `_GNU_SOURCE`): a running thread's attributes, its stack's bounds among them.
    private static let threadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        // The symbol is C's `int pthread_getattr_np(pthread_t, pthread_attr_t *)`, of this type.
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
    #endif
}

/// A thread started with `pthread_create`, whose failure is an error number rather than the wait
/// for a thread that never runs (as `Thread.start()` gives), and whose stack size is the caller's.
enum DetachedThread {
    /// Starts a detached thread with a stack of `stackSize` bytes that runs `main`; the error
    /// number if it could not be started.
    static func start(stackSize: Int, _ main: @escaping @Sendable () -> Void) -> Int32? {
        var attributes = pthread_attr_t()
        var status = pthread_attr_init(&attributes)
        guard status == 0 else { return status }
        defer { pthread_attr_destroy(&attributes) }
        status = pthread_attr_setstacksize(&attributes, stackSize)
        guard status == 0 else { return status }
        status = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        guard status == 0 else { return status }
        // One retain for the new thread: the thread takes it back, or the failure below releases it.
        let context = Unmanaged.passRetained(Main(main)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        status = pthread_create(&thread, &attributes, { context in
            // `context` is the `Main` that `start` retained for this thread.
            guard let context else { return nil }
            Unmanaged<Main>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Main>.fromOpaque(context).release()
            return status
        }
        return nil
    }

    /// What a thread runs, passed to it by address.
    private final class Main {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
