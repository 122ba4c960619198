import CDeflate
import CZlibInflate
import FolioCore
import Foundation

/// Writes a ZIP archive (APPNOTE 6.3.x): each member stored or deflated, names in UTF-8,
/// every date 1980-01-01 00:00, Zip64 records only where sizes, offsets or the number
/// of members need them. Deterministic: the same members give the same bytes.
///
/// Written here rather than with ZIPFoundation, which deflates one member after another and
/// costs per member, which made a large bundle's archive the longest part of its build
/// (docs/development.md, "Measured choices"). This writer deflates members on every core
/// through libdeflate and writes them in order (`make bench`).
struct ZipWriter {
    /// A member ready to be written: its bytes as they go into the archive.
    struct Member {
        var name: String
        var crc: UInt32
        var size: UInt64
        /// Deflated bytes, or nil when the member is stored (`stored` then holds them, or
        /// `file` names the file to copy).
        var deflated: Data?
        var stored: Data?
        var file: URL?
        /// Or a member of an earlier archive, copied as it is.
        var earlier: ZipDirectory.Member?
    }

    private struct Written {
        var name: [UInt8]
        var crc: UInt32
        var method: UInt16
        var compressedSize: UInt64
        var size: UInt64
        var offset: UInt64
    }

    private let handle: FileHandle
    /// The earlier archive members are copied from, open while this one is written.
    private var earlierArchive: (url: URL, handle: FileHandle)?
    private var piece: [UInt8] = []
    /// Bytes of the earlier archive to copy before the buffer, from its start to its end.
    private var earlierRange: (start: UInt64, end: UInt64)?
    /// The archive's comment: what made it, so that a later build copies members only
    /// from an archive whose deflated bytes it would make the same way.
    let comment: [UInt8]
    private var offset: UInt64 = 0
    private var written: [Written] = []
    private var buffer: [UInt8] = []

    /// Whether an earlier archive's local headers are taken to be the ones this writer
    /// writes without reading them: only for an archive known to be written by this very
    /// executable and untouched since (`folio build`'s short way).
    let trustsEarlierHeaders: Bool

    init(creating url: URL, comment: String = ZipWriter.comment, trustingEarlierHeaders: Bool = false) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
            throw ToolFailure("cannot create `\(url.path)`")
        }
        self.handle = handle
        self.comment = Array(comment.utf8.prefix(0xFFFF))
        trustsEarlierHeaders = trustingEarlierHeaders
    }

    /// The deflate level members are written with: libdeflate's fastest, which deflates in well
    /// under half level 6's time for an archive a little larger (docs/development.md, "Measured
    /// choices"). Media, most of a real program's archive, is stored either way, so the larger
    /// JSON costs an app's first download little, while the deflating was a large part of a
    /// build.
    static let level: Int32 = 1
    /// Names the writer and the compressor: another libdeflate, or another level, may
    /// deflate the same bytes differently.
    static let comment = "Folio bundle archive; libdeflate \(LIBDEFLATE_VERSION_STRING) level \(level)"

    /// A member from bytes in memory: deflated when that makes it smaller.
    static func member(_ name: String, data: Data, level: Int32 = ZipWriter.level) -> Member {
        // libdeflate's CRC-32 (here and wherever members are summed) rather than zlib's:
        // faster, the same sums (docs/development.md, "Measured choices").
        let crc = data.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        let deflated = deflate(data, level: level)
        let smaller = deflated.map { $0.count < data.count } ?? false
        return Member(name: name, crc: crc, size: UInt64(data.count), deflated: smaller ? deflated : nil, stored: smaller ? nil : data)
    }

    /// A member copied from a file as it is (pictures and videos are compressed
    /// already): read once for its CRC here, and once more when it is written.
    static func storedMember(_ name: String, file: URL) throws -> Member {
        guard let input = try? FileHandle(forReadingFrom: file) else { throw ToolFailure("cannot read `\(file.path)`") }
        defer { try? input.close() }
        var crc: UInt32 = 0
        var size: UInt64 = 0
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            crc = chunk.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
            size += UInt64(chunk.count)
        }
        return Member(name: name, crc: crc, size: size, file: file)
    }

    /// Raw deflate (no zlib header), as ZIP's method 8 holds it; nil when it would not
    /// be smaller than the bytes themselves.
    ///
    /// libdeflate rather than zlib: it compresses a whole buffer at once, in about half zlib's
    /// time for the same size (docs/development.md, "Measured choices").
    static func deflate(_ data: Data, level: Int32) -> Data? {
        guard !data.isEmpty, let compressor = Compressors.shared.take(level: level) else { return nil }
        defer { Compressors.shared.give(compressor, level: level) }
        // At most the bytes themselves: a member that does not shrink is stored.
        var output = Data(count: data.count)
        let size = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_deflate_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard size > 0 else { return nil }
        // A copy of the bytes made: `Data` keeps the room it was made with when its count
        // is lowered, and a batch of members waiting to be written would hold four times
        // their size.
        return output.withUnsafeBytes { Data($0.prefix(size)) }
    }

    /// Appends a member: its local header, then its bytes.
    mutating func add(_ member: Member) throws {
        let name = Array(member.name.utf8)
        let compressedSize = member.earlier?.compressedSize ?? UInt64(member.deflated?.count ?? member.stored?.count ?? Int(member.size))
        let method = member.earlier?.method ?? (member.deflated == nil ? 0 : 8)
        let entry = Written(name: name, crc: member.crc, method: method, compressedSize: compressedSize, size: member.size, offset: offset)
        let large = entry.size >= 0xFFFF_FFFF || entry.compressedSize >= 0xFFFF_FFFF
        let headerStart = buffer.count
        put32(0x0403_4b50)
        put16(large ? 45 : 20)  // version needed to extract
        put16(0x0800)  // names in UTF-8
        put16(entry.method)
        put16(0)  // time 00:00:00
        put16(0x0021)  // date 1980-01-01
        put32(entry.crc)
        put32(large ? 0xFFFF_FFFF : UInt32(entry.compressedSize))
        put32(large ? 0xFFFF_FFFF : UInt32(entry.size))
        put16(UInt16(name.count))
        put16(large ? 20 : 0)
        buffer += name
        if large {
            put16(0x0001)
            put16(16)
            put64(entry.size)
            put64(entry.compressedSize)
        }
        if let earlier = member.earlier, try copiesWhole(earlier, header: headerStart) {
            // Its header and bytes are copied as they are, with its neighbours'.
        } else if let bytes = member.deflated ?? member.stored {
            buffer += bytes
            try flush(force: false)
        } else if let file = member.file {
            try flush(force: true)
            try copy(file, expected: member.size)
        } else if let earlier = member.earlier {
            try copyData(of: earlier)
        }
        offset += UInt64(30 + name.count + (large ? 20 : 0)) + compressedSize
        written.append(entry)
    }

    /// Writes the central directory and its end, and closes the file.
    mutating func finish() throws {
        let directoryOffset = offset
        var directorySize: UInt64 = 0
        for entry in written {
            var extra: [UInt64] = []
            if entry.size >= 0xFFFF_FFFF { extra.append(entry.size) }
            if entry.compressedSize >= 0xFFFF_FFFF { extra.append(entry.compressedSize) }
            if entry.offset >= 0xFFFF_FFFF { extra.append(entry.offset) }
            let start = buffer.count
            put32(0x0201_4b50)
            put16(0x031E)  // made by: Unix, version 3.0
            put16(extra.isEmpty ? 20 : 45)
            put16(0x0800)
            put16(entry.method)
            put16(0)
            put16(0x0021)
            put32(entry.crc)
            put32(entry.compressedSize >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(entry.compressedSize))
            put32(entry.size >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(entry.size))
            put16(UInt16(entry.name.count))
            put16(extra.isEmpty ? 0 : UInt16(4 + 8 * extra.count))
            put16(0)  // comment
            put16(0)  // disk
            put16(0)  // internal attributes
            put32(0o100644 << 16)  // a regular file, rw-r--r--
            put32(entry.offset >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(entry.offset))
            buffer += entry.name
            if !extra.isEmpty {
                put16(0x0001)
                put16(UInt16(8 * extra.count))
                for value in extra { put64(value) }
            }
            directorySize += UInt64(buffer.count - start)
            try flush(force: false)
        }
        let count = UInt64(written.count)
        if count >= 0xFFFF || directorySize >= 0xFFFF_FFFF || directoryOffset >= 0xFFFF_FFFF {
            let record = directoryOffset + directorySize
            put32(0x0606_4b50)
            put64(44)
            put16(0x031E)
            put16(45)
            put32(0)
            put32(0)
            put64(count)
            put64(count)
            put64(directorySize)
            put64(directoryOffset)
            put32(0x0706_4b50)
            put32(0)
            put64(record)
            put32(1)
        }
        put32(0x0605_4b50)
        put16(0)
        put16(0)
        put16(UInt16(min(count, 0xFFFF)))
        put16(UInt16(min(count, 0xFFFF)))
        put32(UInt32(min(directorySize, 0xFFFF_FFFF)))
        put32(UInt32(min(directoryOffset, 0xFFFF_FFFF)))
        put16(UInt16(comment.count))
        buffer += comment
        try flush(force: true)
        try handle.close()
    }

    private mutating func put16(_ value: UInt16) {
        buffer.append(UInt8(value & 0xFF))
        buffer.append(UInt8(value >> 8))
    }
    private mutating func put32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { buffer.append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
    private mutating func put64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { buffer.append(UInt8((value >> UInt64(shift)) & 0xFF)) } }

    private mutating func flush(force: Bool) throws {
        guard force || buffer.count >= 1 << 20 else { return }
        try writeEarlierRange()
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Whether the earlier member's local header, just written to the end of the buffer from
    /// `start`, is the one the earlier archive has: the header and the bytes after it are then
    /// one range of that archive, joined to the range before it when they follow it there, and
    /// copied in the kernel (`sendfile`) when the range ends. After one edit, the members of a
    /// large archive are a few ranges.
    private mutating func copiesWhole(_ member: ZipDirectory.Member, header start: Int) throws -> Bool {
        let input = try earlierDescriptor(member.archive)
        let length = buffer.count - start
        if !trustsEarlierHeaders {
            var header = [UInt8](repeating: 0, count: length)
            let got = header.withUnsafeMutableBytes { pread(input, $0.baseAddress, length, off_t(member.headerOffset)) }
            guard got == length, header.elementsEqual(buffer[start...]) else { return false }
        }
        buffer.removeSubrange(start...)
        let end = member.headerOffset + UInt64(length) + member.compressedSize
        // Joined only when nothing waits in the buffer, which comes after the range.
        if let range = earlierRange, range.end == member.headerOffset, buffer.isEmpty {
            earlierRange = (range.start, end)
        } else {
            try flush(force: true)
            earlierRange = (member.headerOffset, end)
        }
        return true
    }

    /// The earlier archive, opened once.
    private mutating func earlierDescriptor(_ archive: URL) throws -> Int32 {
        if earlierArchive?.url != archive {
            try writeEarlierRange()
            guard let input = try? FileHandle(forReadingFrom: archive) else { throw ToolFailure("cannot read `\(archive.path)`") }
            earlierArchive = (archive, input)
        }
        return earlierArchive!.handle.fileDescriptor
    }

    /// Copies the pending range of the earlier archive, which comes before the buffer.
    private mutating func writeEarlierRange() throws {
        guard let range = earlierRange, let input = earlierArchive?.handle.fileDescriptor else { return }
        earlierRange = nil
        var offset = off_t(range.start)
        var left = Int(range.end - range.start)
        while left > 0 {
            let sent = sendfile(handle.fileDescriptor, input, &offset, min(left, 1 << 30))
            guard sent > 0 else { throw ToolFailure("cannot copy from `\(earlierArchive!.url.path)`: \(String(cString: strerror(errno)))") }
            left -= sent
        }
    }

    /// Appends an earlier archive's member's bytes: read with `pread` from the archive kept
    /// open, into the buffer written a megabyte at a time. Opening the archive and writing once
    /// per member was a large part of a rebuild after one edit (docs/development.md, "Measured
    /// choices").
    private mutating func copyData(of member: ZipDirectory.Member) throws {
        let input = try earlierDescriptor(member.archive)
        var offset = try member.dataOffset(in: input)
        var left = member.compressedSize
        if piece.count < 1 << 20 { piece = [UInt8](repeating: 0, count: 1 << 20) }
        while left > 0 {
            let count = Int(min(left, UInt64(piece.count)))
            let got = piece.withUnsafeMutableBytes { pread(input, $0.baseAddress, count, off_t(offset)) }
            guard got == count else { throw ToolFailure("`\(member.archive.path)` ends inside `\(member.name)`") }
            buffer.append(contentsOf: piece[..<count])
            offset += UInt64(count)
            left -= UInt64(count)
            try flush(force: false)
        }
    }

    private func copy(_ file: URL, expected: UInt64) throws {
        guard let input = try? FileHandle(forReadingFrom: file) else { throw ToolFailure("cannot read `\(file.path)`") }
        defer { try? input.close() }
        var copied: UInt64 = 0
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try handle.write(contentsOf: chunk)
            copied += UInt64(chunk.count)
        }
        guard copied == expected else { throw ToolFailure("`\(file.path)` changed while the archive was written") }
    }
}

/// The members of an archive ``ZipWriter`` wrote, read from its central directory, so a rebuild
/// can copy the deflated bytes of files that did not change instead of deflating them again,
/// seconds of a large build (docs/development.md, "Measured choices"). Anything unexpected
/// (another writer's comment, a record out of place) makes it nil: the archive is then written
/// from scratch, never from a guess.
struct ZipDirectory {
    struct Member: Sendable {
        let archive: URL
        let name: String
        let crc: UInt32
        let method: UInt16
        let compressedSize: UInt64
        let size: UInt64
        let headerOffset: UInt64

        /// Where the member's stored or deflated bytes start in the archive open as
        /// `descriptor`, after checking that its local header is where the directory
        /// says and names it.
        func dataOffset(in descriptor: Int32) throws -> UInt64 {
            let name = Array(self.name.utf8)
            var header = [UInt8](repeating: 0, count: 30 + name.count)
            let got = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(headerOffset)) }
            guard got == header.count, ZipDirectory.u32(header, 0) == 0x0403_4b50, Int(ZipDirectory.u16(header, 26)) == name.count,
                header[30...].elementsEqual(name)
            else { throw ToolFailure("`\(archive.path)` changed while it was read") }
            return headerOffset + 30 + UInt64(name.count) + UInt64(ZipDirectory.u16(header, 28))
        }

        /// Whether the member's bytes, inflated, have its size and CRC: an archive damaged
        /// on disk is not copied from. Costs an inflate, a fraction of a deflate.
        func isIntact() -> Bool {
            var crc: UInt32 = 0
            var total: UInt64 = 0
            var stream = z_stream()
            if method == 8 {
                guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return false }
            }
            defer { if method == 8 { inflateEnd(&stream) } }
            var output = [UInt8](repeating: 0, count: 1 << 16)
            var failed = false
            do {
                try read { chunk in
                    guard method == 8 else {
                        crc = chunk.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
                        total += UInt64(chunk.count)
                        return
                    }
                    try chunk.withUnsafeBytes { input in
                        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                        stream.avail_in = uInt(input.count)
                        repeat {
                            let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                                stream.next_out = out.baseAddress
                                stream.avail_out = uInt(out.count)
                                return inflate(&stream, Z_NO_FLUSH)
                            }
                            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw ToolFailure("damaged") }
                            let made = output.count - Int(stream.avail_out)
                            crc = output.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, made) }
                            total += UInt64(made)
                            if status == Z_STREAM_END || made == 0 { break }
                        } while stream.avail_in > 0 || stream.avail_out == 0
                    }
                }
            } catch {
                failed = true
            }
            return !failed && total == size && crc == self.crc
        }

        /// Hands the member's stored or deflated bytes to `body` a piece at a time, after
        /// checking that its local header is where the directory says and names it.
        private func read(_ body: (Data) throws -> Void) throws {
            guard let input = try? FileHandle(forReadingFrom: archive) else { throw ToolFailure("cannot read `\(archive.path)`") }
            defer { try? input.close() }
            try input.seek(toOffset: try dataOffset(in: input.fileDescriptor))
            var left = compressedSize
            while left > 0 {
                guard let chunk = try input.read(upToCount: Int(min(left, 1 << 20))), !chunk.isEmpty else {
                    throw ToolFailure("`\(archive.path)` ends inside `\(self.name)`")
                }
                try body(chunk)
                left -= UInt64(chunk.count)
            }
        }
    }

    let members: [String: Member]

    init?(_ archive: URL, comment expected: String = ZipWriter.comment) {
        guard let handle = try? FileHandle(forReadingFrom: archive) else { return nil }
        defer { try? handle.close() }
        let comment = Array(expected.utf8)
        guard let size = try? handle.seekToEnd(), size >= UInt64(22 + comment.count) else { return nil }
        // The end record, then the comment: both of a known length.
        let endOffset = size - UInt64(22 + comment.count)
        guard (try? handle.seek(toOffset: endOffset)) != nil, let endData = try? handle.read(upToCount: 22 + comment.count) else { return nil }
        let end = [UInt8](endData)
        guard end.count == 22 + comment.count, Self.u32(end, 0) == 0x0605_4b50, Array(end[22...]) == comment,
            Int(Self.u16(end, 20)) == comment.count
        else { return nil }
        var count = UInt64(Self.u16(end, 10))
        var directorySize = UInt64(Self.u32(end, 12))
        var directoryOffset = UInt64(Self.u32(end, 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // Zip64: the locator stands just before the end record.
            guard endOffset >= 20, (try? handle.seek(toOffset: endOffset - 20)) != nil, let locatorData = try? handle.read(upToCount: 20) else { return nil }
            let locator = [UInt8](locatorData)
            guard locator.count == 20, Self.u32(locator, 0) == 0x0706_4b50 else { return nil }
            guard (try? handle.seek(toOffset: Self.u64(locator, 8))) != nil, let recordData = try? handle.read(upToCount: 56) else { return nil }
            let record = [UInt8](recordData)
            guard record.count == 56, Self.u32(record, 0) == 0x0606_4b50 else { return nil }
            count = Self.u64(record, 32)
            directorySize = Self.u64(record, 40)
            directoryOffset = Self.u64(record, 48)
        }
        guard directoryOffset + directorySize <= endOffset, directorySize < 1 << 31, (try? handle.seek(toOffset: directoryOffset)) != nil,
            let directoryData = try? handle.read(upToCount: Int(directorySize)), directoryData.count == Int(directorySize)
        else { return nil }
        let directory = [UInt8](directoryData)
        var members: [String: Member] = [:]
        members.reserveCapacity(Int(min(count, 1 << 20)))
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, Self.u32(directory, at) == 0x0201_4b50 else { return nil }
            let nameLength = Int(Self.u16(directory, at + 28)), extraLength = Int(Self.u16(directory, at + 30))
            let commentLength = Int(Self.u16(directory, at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else { return nil }
            var compressed = UInt64(Self.u32(directory, at + 20)), uncompressed = UInt64(Self.u32(directory, at + 24))
            var offset = UInt64(Self.u32(directory, at + 42))
            // Zip64 values, in this order, for the fields that say 0xFFFFFFFF.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = Self.u16(directory, extra), length = Int(Self.u16(directory, extra + 2))
                guard extra + 4 + length <= extraEnd else { return nil }
                var field = extra + 4
                if id == 0x0001 {
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                        uncompressed = Self.u64(directory, field)
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                        compressed = Self.u64(directory, field)
                        field += 8
                    }
                    if offset == 0xFFFF_FFFF, field + 8 <= extra + 4 + length { offset = Self.u64(directory, field) }
                }
                extra += 4 + length
            }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            members[name] = Member(
                archive: archive, name: name, crc: Self.u32(directory, at + 16), method: Self.u16(directory, at + 10), compressedSize: compressed,
                size: uncompressed, headerOffset: offset)
            at += 46 + nameLength + extraLength + commentLength
        }
        self.members = members
    }

    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(u16(b, i)) | UInt32(u16(b, i + 2)) << 16 }
    static func u64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(u32(b, i)) | UInt64(u32(b, i + 4)) << 32 }
}

/// libdeflate's compressors, kept from one member to the next rather than made and freed for
/// each: a compressor is some hundreds of kilobytes of tables, and making one for each of a
/// large bundle's members showed in deflating them (docs/development.md, "Measured choices").
/// One for each thread deflating at once, at most, lives as long as the process.
final class Compressors: @unchecked Sendable {
    static let shared = Compressors()
    // Guards `idle`.
    private let lock = NSLock()
    private var idle: [Int32: [OpaquePointer]] = [:]

    /// A compressor at `level`, idle or new; nil when none can be made.
    func take(level: Int32) -> OpaquePointer? {
        if let compressor = lock.withLock({ idle[level]?.popLast() }) { return compressor }
        return libdeflate_alloc_compressor(level)
    }

    /// Gives back a compressor `take(level:)` gave, for the next member.
    func give(_ compressor: OpaquePointer, level: Int32) {
        lock.withLock { idle[level, default: []].append(compressor) }
    }
}
