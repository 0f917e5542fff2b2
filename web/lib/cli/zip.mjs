// A small zip writer for the SCORM package (`attention-lab lesson --scorm`): each file deflated
// with node:zlib (or stored, when deflating does not make it smaller), its CRC-32, then the
// central directory. Enough for an LMS's importer; no zip64 (a lesson is a few MB), no
// encryption, names in UTF-8 (flag bit 11).
import zlib from 'node:zlib';

// CRC-32 (IEEE 802.3, the zip format's), table-driven. Written out rather than zlib.crc32, which
// Node has only from 20.15 and 22.2 on.
const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/** The CRC-32 of `bytes` (a Uint8Array), as an unsigned 32-bit number. */
export function crc32(bytes) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; ++i) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// MS-DOS date and time, the zip format's (two-second steps, years from 1980).
function dosDateTime(date) {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

const STORE = 0;
const DEFLATE = 8;
const UTF8_NAMES = 0x0800;

function entryOf({ name, data }, offset, when) {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  const deflated = zlib.deflateRawSync(bytes, { level: 9 });
  const method = deflated.length < bytes.length ? DEFLATE : STORE;
  return {
    name: Buffer.from(name, 'utf8'),
    body: method === DEFLATE ? deflated : bytes,
    method,
    crc: crc32(bytes),
    size: bytes.length,
    offset,
    when,
  };
}

// The fields local and central headers share: version, flags, method, time, date, crc, sizes.
function commonFields(e) {
  const b = Buffer.alloc(24);
  b.writeUInt16LE(20, 0); // version needed: 2.0 (deflate)
  b.writeUInt16LE(UTF8_NAMES, 2);
  b.writeUInt16LE(e.method, 4);
  b.writeUInt16LE(e.when.time, 6);
  b.writeUInt16LE(e.when.day, 8);
  b.writeUInt32LE(e.crc, 10);
  b.writeUInt32LE(e.body.length, 14);
  b.writeUInt32LE(e.size, 18);
  b.writeUInt16LE(e.name.length, 22);
  return b;
}

function localHeader(e) {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(0x04034b50, 0);
  const extra = Buffer.alloc(2); // extra field length 0
  return Buffer.concat([head, commonFields(e), extra, e.name]);
}

function centralHeader(e) {
  const head = Buffer.alloc(6);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
  const tail = Buffer.alloc(16); // extra, comment, disk, attributes: 0; then the offset
  tail.writeUInt32LE(e.offset, 12);
  return Buffer.concat([head, commonFields(e), tail, e.name]);
}

/** A zip archive (a Buffer) of `files`: [{ name, data: string | Uint8Array }], in that order. */
export function zip(files, date = new Date()) {
  const when = dosDateTime(date);
  const parts = [];
  const entries = [];
  let offset = 0;
  for (const file of files) {
    const e = entryOf(file, offset, when);
    const local = localHeader(e);
    parts.push(local, e.body);
    entries.push(e);
    offset += local.length + e.body.length;
  }
  const central = Buffer.concat(entries.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}
