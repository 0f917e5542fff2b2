// A zip reader for the tests of the SCORM package: the central directory, then each entry's local
// header and data, inflated with node:zlib and checked against the CRC-32 and sizes the archive
// states (zlib.crc32, not the writer's own table). Throws on anything inconsistent.
import zlib from 'node:zlib';
import assert from 'node:assert/strict';

/** The entries of `buffer` (a zip archive): [{ name, method, data: Buffer }], in directory order. */
export function readZip(buffer) {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'the end of central directory record is there');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; ++i) {
    assert.equal(buffer.readUInt32LE(at), 0x02014b50, `central header ${i}`);
    const method = buffer.readUInt16LE(at + 10);
    const crc = buffer.readUInt32LE(at + 16);
    const packed = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const skip = buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + skip;
    assert.equal(buffer.readUInt32LE(local), 0x04034b50, `local header of ${name}`);
    assert.equal(buffer.readUInt32LE(local + 14), crc, `${name}: local and central CRC agree`);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const body = buffer.subarray(start, start + packed);
    assert.ok([0, 8].includes(method), `${name}: stored or deflated (method ${method})`);
    const data = method === 8 ? zlib.inflateRawSync(body) : Buffer.from(body);
    assert.equal(data.length, size, `${name}: size`);
    assert.equal(zlib.crc32(data), crc, `${name}: CRC-32`);
    entries.push({ name, method, data });
  }
  return entries;
}
