// A minimal encoder of the pprof `profile.proto` format, gzip-compressed as Go's runtime/pprof writes it, so that a
// downloaded simulated profile opens in `go tool pprof` like a real one.
import { gzipSync } from 'node:zlib';

/** Just enough of the protobuf wire format: varints (non-negative) and length-delimited fields. */
class ProtoWriter {
  private readonly bytes: number[] = [];

  varint(value: number): this {
    let n = Math.max(0, Math.floor(value));
    while (n >= 0x80) {
      this.bytes.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.bytes.push(n);
    return this;
  }

  uint(field: number, value: number): this {
    if (value === 0) return this; // proto3 omits zero scalars
    return this.varint(field << 3).varint(value);
  }

  bytesField(field: number, data: Uint8Array): this {
    this.varint((field << 3) | 2).varint(data.length);
    for (const byte of data) this.bytes.push(byte);
    return this;
  }

  string(field: number, text: string): this {
    return this.bytesField(field, Buffer.from(text, 'utf8'));
  }

  packed(field: number, values: number[]): this {
    const inner = new ProtoWriter();
    for (const value of values) inner.varint(value);
    return this.bytesField(field, inner.finish());
  }

  message(field: number, build: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytesField(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export interface StackFrame {
  fn: string;
  file: string;
  line: number;
}

export interface ProfileSpec {
  sampleTypes: [string, string][];
  periodType: [string, string];
  period: number;
  timeNanos: number;
  durationNanos: number;
  /** Stacks leaf first, each with one value per sample type. */
  samples: { stack: StackFrame[]; values: number[] }[];
}

/** Encodes a profile (field numbers of profile.proto: 1 sample_type, 2 sample, 4 location, 5 function, 6 string_table...). */
export function encodeProfile(spec: ProfileSpec): Buffer {
  const strings = new Map<string, number>([['', 0]]);
  const str = (text: string): number => {
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  const functions = new Map<string, { id: number; frame: StackFrame }>();
  const functionId = (frame: StackFrame): number => {
    let entry = functions.get(frame.fn);
    if (!entry) {
      entry = { id: functions.size + 1, frame };
      functions.set(frame.fn, entry);
    }
    return entry.id;
  };

  const out = new ProtoWriter();
  for (const [type, unit] of spec.sampleTypes) out.message(1, (w) => w.uint(1, str(type)).uint(2, str(unit)));
  for (const sample of spec.samples) {
    // One location per function keeps the table small; location ids equal function ids.
    out.message(2, (w) => w.packed(1, sample.stack.map(functionId)).packed(2, sample.values));
  }
  for (const { id, frame } of functions.values()) {
    out.message(4, (w) => w.uint(1, id).uint(3, 0x401000 + id * 0x40).message(4, (line) => line.uint(1, id).uint(2, frame.line)));
  }
  for (const { id, frame } of functions.values()) {
    out.message(5, (w) => w.uint(1, id).uint(2, str(frame.fn)).uint(3, str(frame.fn)).uint(4, str(frame.file)));
  }
  // Strings last: every index above has been assigned by now.
  const periodType = [str(spec.periodType[0]), str(spec.periodType[1])];
  for (const text of strings.keys()) out.string(6, text);
  out.uint(9, spec.timeNanos);
  out.uint(10, spec.durationNanos);
  out.message(11, (w) => w.uint(1, periodType[0]).uint(2, periodType[1]));
  out.uint(12, spec.period);
  return gzipSync(out.finish());
}
