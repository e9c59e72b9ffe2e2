import Foundation
import Testing
@testable import Archiver
#if canImport(Glibc)
import Glibc
#endif

/// The small types of Sources/Archiver/Unsafe/ besides the byte cursors (ByteCursorTests): what
/// each gives, and the checks a debug build makes of the invariants its callers keep.
struct UnsafeBoundaryTests {
    /// A struct whose second property sits after padding: offset 8 of 16 bytes.
    struct Padded {
        var flag: UInt8
        var number: Int64
    }

    // MARK: ModelAddress

    @Test func aModelAddressReadsAPropertyAtItsOffset() {
        let model = Padded(flag: 7, number: -42)
        KeyMapStoredOffsets.withAddress(of: model) { address in
            #expect(address[UInt8.self, at: 0] == 7)
            #expect(address[Int64.self, at: MemoryLayout<Padded>.offset(of: \.number)!] == -42)
            #expect(address[Padded.self, at: 0].number == -42)
        }
    }

    @Test func aModelAddressSaysWhichReadsLieWithinTheModelAndAreAligned() {
        KeyMapStoredOffsets.withAddress(of: Padded(flag: 1, number: 2)) { address in
            #expect(address.isReadable(Int64.self, at: 8))
            #expect(!address.isReadable(Int64.self, at: 4), "misaligned")
            #expect(!address.isReadable(Int64.self, at: -8), "before the model")
            #if DEBUG
            #expect(!address.isReadable(Int64.self, at: 16), "past the model")
            #expect(!address.nested(at: 8).isReadable(Int64.self, at: 8), "past the model, from a nested address")
            #endif
        }
    }

    @Test func eachElementOfAnArrayIsReadWhereItIs() {
        let models = (0 ..< 5).map { Padded(flag: UInt8($0), number: Int64($0) * 100) }
        var seen: [Int64] = []
        KeyMapStoredOffsets.forEachElement(of: models) { address, index in
            #expect(address[UInt8.self, at: 0] == UInt8(index))
            seen.append(address[Int64.self, at: 8])
        }
        #expect(seen == [0, 100, 200, 300, 400])
    }

    #if DEBUG
    @Test func aDebugBuildStopsAModelReadPastTheModel() async {
        await #expect(processExitsWith: .failure) {
            _ = KeyMapStoredOffsets.withAddress(of: UInt32(1)) { $0[UInt64.self, at: 0] }
        }
    }
    #endif

    // MARK: ScratchBuffer

    @Test func aScratchBufferHandsBackWhatWasWrittenInOrder() {
        let (whole, appended) = ScratchBuffer<UInt32>.with(capacity: 8) { scratch -> ([UInt32], [UInt32]) in
            for index in 0 ..< 5 { scratch[index] = UInt32(index * 10) }
            scratch[2] += 1
            var existing: [UInt32] = [99]
            scratch.append(first: 3, to: &existing)
            return (scratch.array(first: 5), existing)
        }
        #expect(whole == [0, 10, 21, 30, 40])
        #expect(appended == [99, 0, 10, 21])
    }

    #if DEBUG
    @Test func aDebugBuildStopsAScratchWritePastItsCapacity() async {
        await #expect(processExitsWith: .failure) {
            ScratchBuffer<UInt32>.with(capacity: 4) { scratch in scratch[4] = 1 }
        }
    }

    @Test func aDebugBuildStopsACheckedStringThatIsNotUTF8() async {
        await #expect(processExitsWith: .failure) {
            _ = ByteReader.withBytes(of: [0x61, 0xFF, 0x62]) { $0.string(checkedUTF8At: 0, count: 3, isASCII: false) }
        }
    }
    #endif

    @Test func aCheckedStringIsItsBytes() {
        let text = "Monk's Café"
        let read = ByteReader.withBytes(of: Array(text.utf8)) { bytes in
            (bytes.string(checkedUTF8At: 0, count: bytes.count, isASCII: false), bytes.string(checkedUTF8At: 0, count: 6, isASCII: true))
        }
        #expect(read.0 == text)
        #expect(read.1 == "Monk's")
    }

    // MARK: InvariantCasts

    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    struct Refused: Error {}

    @Test func anUnretainedObjectIsTheOneGivenAndItsBodysErrorComesOut() {
        let boxes: [AnyObject] = [Box(1), Box(2)]
        let sum = boxes.indices.reduce(0) { sum, index in
            sum + InvariantCasts.withUnretained(boxes, at: index, as: Box.self) { box in
                #expect(box === boxes[index])
                return box.value
            }
        }
        #expect(sum == 3)
        #expect(throws: Refused.self) {
            try InvariantCasts.withUnretained(boxes, at: 0, as: Box.self) { (_) throws(Refused) in throw Refused() }
        }
    }

    @Test func anUnretainedHandleGivesTheObjectItWasMadeWith() throws {
        let box = Box(7)
        let held = Unretained(box)
        #expect(held.with { $0 === box })
        #expect(try held.with { (box) throws(ArchiveDecodingError) in box.value } == 7)
    }

    #if DEBUG
    @Test func aDebugBuildStopsAnUnretainedObjectUsedAfterItIsFreed() async {
        await #expect(processExitsWith: .failure) {
            var box: UnsafeBoundaryTests.Box? = UnsafeBoundaryTests.Box(1)
            let held = Unretained(box!)
            box = nil
            _ = held.with { $0.value }
        }
    }
    #endif

    // MARK: DictionarySlots

    @Test func dictionarySlotsGiveTheValuesAtTheIndicesSetOnEitherSideOfTheStackSlots() throws {
        for count in [DictionarySlots.inlineCount, DictionarySlots.inlineCount + 1] {
            let dictionary = Dictionary(uniqueKeysWithValues: (0 ..< count).map { ("k\($0)", $0 as Any) })
            let values = try DictionarySlots.with(dictionary, count: count) { slots in
                #expect((0 ..< count).allSatisfy { slots[$0] == nil })
                for index in 0 ..< count { slots[index] = dictionary.index(forKey: "k\(count - 1 - index)") }
                return (0 ..< count).map { slots.value(at: $0) as? Int }
            }
            #expect(values == (0 ..< count).reversed().map { $0 })
        }
    }

    #if DEBUG
    @Test func aDebugBuildStopsADictionarySlotPastTheCount() async {
        await #expect(processExitsWith: .failure) {
            _ = try? DictionarySlots.with(["a": 1], count: 1) { slots in slots[1] }
        }
    }
    #endif

    // MARK: Threads

    /// Hands a value that is not `Sendable` to another thread, as only a test does.
    struct Handed<Value>: @unchecked Sendable {
        let value: Value
    }

    /// Runs `body` on a new thread and waits for it.
    static func onNewThread<Result>(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Result) -> Result? {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result?>(nil)
        let failure = DetachedThread.start(stackSize: stackSize) {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        guard failure == nil else { return nil }
        done.wait()
        return result.withLock { $0 }
    }

    @Test func eachThreadHasItsOwnValue() {
        let values = ThreadLocal<Int>()
        #expect(values.current == nil)
        let mine = values.make(5)
        mine.pointee += 1
        #expect(values.current?.pointee == 6)
        let handed = Handed(value: mine)
        let other = Self.onNewThread { () -> [Bool] in
            let before = values.current == nil
            let theirs = values.make(10)
            return [before, theirs.pointee == 10, theirs.isCurrentThreads, handed.value.isCurrentThreads]
        }
        #if DEBUG
        #expect(other == [true, true, true, false])
        #else
        // A release build keeps nothing to check the thread against.
        #expect(other == [true, true, true, true])
        #endif
        #expect(values.current?.pointee == 6)
        #expect(mine.isCurrentThreads)
    }

    @Test func aThreadsValueHasItsTrailingBytesAfterIt() {
        let values = ThreadLocal<Int64>()
        let value = values.make(7, trailingBytes: 64)
        let bytes = value.trailingBytes.bindMemory(to: UInt8.self, capacity: 64)
        for index in 0 ..< 64 { bytes[index] = UInt8(index) }
        #expect(value.pointee == 7)
        #expect(UnsafeMutableRawPointer(value.address) + MemoryLayout<Int64>.stride == value.trailingBytes)
        #expect((0 ..< 64).allSatisfy { bytes[$0] == UInt8($0) })
    }

    // MARK: FieldSlots

    @Test func fieldSlotsComeFromTheThreadsStackInOrderAndAreAllocatedPastIt() {
        let state = ValueNesting.state
        let before = state.pointee.fieldSlotsInUse
        let first = FieldSlots.push(4, on: state)
        let second = FieldSlots.push(3, on: state)
        #expect(state.pointee.fieldSlotsInUse == before + 7)
        #expect(second.slots.baseAddress == first.slots.baseAddress.map { $0 + 4 })
        let beyond = FieldSlots.push(FieldSlots.stackCapacity, on: state)
        #expect(state.pointee.fieldSlotsInUse == before + 7, "slots past the stack are allocated")
        beyond.fill(-1)
        second.fill(2)
        first.fill(1)
        #expect(beyond[FieldSlots.stackCapacity - 1] == -1 && second[2] == 2 && first[3] == 1)
        FieldSlots.pop(beyond, on: state)
        FieldSlots.pop(second, on: state)
        FieldSlots.pop(first, on: state)
        #expect(state.pointee.fieldSlotsInUse == before)
    }

    #if DEBUG
    @Test func aDebugBuildStopsFieldSlotsGivenBackOutOfOrder() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let state = ValueNesting.state
            let first = FieldSlots.push(2, on: state)
            _ = FieldSlots.push(2, on: state)
            FieldSlots.pop(first, on: state)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("field slots given back out of order"))
    }

    @Test func aDebugBuildStopsAThreadsValueUsedOnAnother() async {
        await #expect(processExitsWith: .failure) {
            let values = ThreadLocal<Int>()
            let handed = UnsafeBoundaryTests.Handed(value: values.make(1))
            _ = UnsafeBoundaryTests.onNewThread { handed.value.pointee }
        }
    }
    #endif

    @Test func aThreadRunsOnAStackOfTheSizeAsked() throws {
        let size = 4 << 20
        let bounds = try #require(Self.onNewThread(stackSize: size) { () -> (here: UInt, low: UInt?) in
            let here = ThreadStack.address
            return (here, ThreadStack.lowestAddress(containing: here))
        })
        let low = try #require(bounds.low)
        // At least the size asked, less what the thread's start used; glibc may hand the thread
        // a larger stack it kept from an ended one.
        #expect(bounds.here > low)
        #expect(bounds.here - low >= UInt(size - (64 << 10)))
    }

    @Test func aThreadThatCannotStartIsAnErrorNumberAndNeverRuns() {
        let ran = Locked(false)
        let failure = DetachedThread.start(stackSize: 1 << 50) { ran.withLock { $0 = true } }
        #expect(failure != nil)
        #expect(!ran.withLock { $0 })
    }

    // MARK: Files

    @Test func aReadGivesTheFilesBytesAndStopsWhereItEnds() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("UnsafeBoundaryTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = Data((0 ..< 300).map { UInt8($0 % 251) })
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(FileIO.writeAll(bytes, to: descriptor) == nil)
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        // Asked for more than the file holds (as when another writer truncated it): what is there.
        #expect(try FileIO.readBytes(descriptor, count: 500).get() == bytes)
        #expect(lseek(descriptor, 100, SEEK_SET) == 100)
        #expect(try FileIO.readBytes(descriptor, count: 50).get() == bytes[100 ..< 150])
        #expect(try FileIO.readBytes(descriptor, count: 0).get().isEmpty)
    }

    @Test func aClosedDescriptorIsAnErrorNumber() {
        #expect(FileIO.writeAll(Data([1]), to: -1) == EBADF)
        guard case .failure(let failure) = FileIO.readBytes(-1, count: 8) else {
            Issue.record("read of descriptor -1 succeeded")
            return
        }
        #expect(failure.code == EBADF)
    }
}
