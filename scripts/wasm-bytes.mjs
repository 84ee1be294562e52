// The few pieces of the WebAssembly binary format the release build's
// scripts read and write themselves (scripts/short-names.mjs,
// scripts/order-functions.mjs): LEB128 numbers, the list of sections and an
// import's description. Everything else is wasm-opt's and wasm-bindgen's.

const text = new TextDecoder();

/// Reads an unsigned LEB128 number at `at`: [value, next offset].
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

/// `value` as unsigned LEB128 bytes.
export function leb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}

/// The sections of the module `bytes`: each one's id, where it starts and
/// ends, where its body starts, and a custom section's name.
export function sectionsOf(bytes) {
  if (bytes[0] !== 0 || text.decode(bytes.subarray(1, 4)) !== 'asm') {
    throw new Error('wasm: not a WebAssembly module');
  }
  const sections = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    let custom;
    if (id === 0) {
      const [length, name] = readLeb(bytes, body);
      custom = text.decode(bytes.subarray(name, name + length));
    }
    sections.push({ id, start: at, body, end: body + size, custom });
    at = body + size;
  }
  return sections;
}

/// The import description (its kind and type) that starts at `p`: [kind,
/// the offset after it].
export function readImportDescription(bytes, p) {
  const kind = bytes[p++];
  const limits = (q) => {
    const flags = bytes[q++];
    if (flags & ~0x07) throw new Error(`wasm: limits of an unknown form (${flags})`);
    [, q] = readLeb(bytes, q);
    if (flags & 1) [, q] = readLeb(bytes, q);
    return q;
  };
  // A value type; a typed reference (ref / ref null) names its heap type.
  const valueType = (q) => {
    const type = bytes[q++];
    return type === 0x63 || type === 0x64 ? readLeb(bytes, q)[1] : q;
  };
  switch (kind) {
    case 0: // function: its type index
      return [kind, readLeb(bytes, p)[1]];
    case 1: // table: its element type, then limits
      return [kind, limits(valueType(p))];
    case 2: // memory: limits
      return [kind, limits(p)];
    case 3: // global: its value type and mutability
      return [kind, valueType(p) + 1];
    case 4: // tag: attribute, type index
      return [kind, readLeb(bytes, p + 1)[1]];
    default:
      throw new Error(`wasm: an import of an unknown kind (${kind})`);
  }
}
