// The runtime of the TypeScript code tfdyn gen ts writes: the values of the
// schema language and their operations, as hclschema's evaluator (HCL and
// go-cty) computes them, for the key templates and sparse conditions the
// generated code evaluates. Numbers are go-cty's: binary floating point of
// arbitrary precision (Go's *big.Float: 53 bits from a JavaScript number,
// 512 from a literal), rounded to nearest even; strings are normalized to
// Unicode NFC as go-cty normalizes them; lower and upper map code points
// with Go's simple case tables. The generator copies into each package the
// declarations it uses (every name starts with tfdyn), in this order.

/** tfdynNum is a number: go-cty's *big.Float. */
export interface tfdynNum {
  readonly neg: boolean;
  /** form: 0 zero, 1 finite, 2 infinite. */
  readonly form: 0 | 1 | 2;
  /** m * 2**e is the magnitude of a finite number; m is odd. */
  readonly m: bigint;
  readonly e: number;
  /** p is the precision in bits. */
  readonly p: number;
}

/** tfdynFail is the value of an operation that failed. */
export const tfdynFail: unique symbol = Symbol("tfdynFail");

/** tfdynV is a value of the schema language: null, a string, a number, a bool or a failure. */
export type tfdynV = null | string | boolean | tfdynNum | typeof tfdynFail;

export const tfdynMaxExp = 2147483647;
export const tfdynMinExp = -2147483648;

/** tfdynBits is the number of bits of m > 0. */
export function tfdynBits(m: bigint): number {
  return m.toString(2).length;
}

/** tfdynZero is zero with a sign. */
export function tfdynZero(neg: boolean, p: number): tfdynNum {
  return { neg, form: 0, m: BigInt(0), e: 0, p };
}

/** tfdynInf is an infinity. */
export function tfdynInf(neg: boolean, p: number): tfdynNum {
  return { neg, form: 2, m: BigInt(0), e: 0, p };
}

/**
 * tfdynRound is the number (neg ? -1 : 1) * m * 2**e rounded to p bits,
 * to nearest even; sticky tells that the exact value is a little more
 * than m * 2**e (bits were dropped below m).
 */
export function tfdynRound(neg: boolean, m: bigint, e: number, p: number, sticky: boolean): tfdynNum {
  const zero = BigInt(0);
  const one = BigInt(1);
  if (m === zero) {
    return tfdynZero(neg, p);
  }
  const bits = tfdynBits(m);
  if (bits > p) {
    const s = bits - p;
    const bs = BigInt(s);
    let q = m >> bs;
    const r = m & ((one << bs) - one);
    const half = one << BigInt(s - 1);
    if (r > half || (r === half && (sticky || (q & one) === one))) {
      q += one;
    }
    m = q;
    e += s;
  }
  while ((m & one) === zero) {
    m >>= one;
    e++;
  }
  const exp = e + tfdynBits(m);
  if (exp > tfdynMaxExp) {
    return tfdynInf(neg, p);
  }
  if (exp < tfdynMinExp) {
    return tfdynZero(neg, p);
  }
  return { neg, form: 1, m, e, p };
}

/** tfdynFromNumber is a JavaScript number as Go's SetFloat64 makes it (53 bits). */
export function tfdynFromNumber(f: number): tfdynNum {
  if (f === 0) {
    return tfdynZero(Object.is(f, -0), 53);
  }
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << BigInt(32)) | BigInt(lo);
  let e = -1074;
  if (biased !== 0) {
    m |= BigInt(1) << BigInt(52);
    e = biased - 1075;
  }
  return tfdynRound(hi >>> 31 === 1, m, e, 53, false);
}

/** tfdynAddP is x + y rounded to p bits (Go's Float.Add); null for +Inf + -Inf. */
export function tfdynAddP(x: tfdynNum, y: tfdynNum, p: number): tfdynNum | null {
  if (x.form === 1 && y.form === 1) {
    const e = Math.min(x.e, y.e);
    const a = x.m << BigInt(x.e - e);
    const b = y.m << BigInt(y.e - e);
    const sa = x.neg ? -a : a;
    const sb = y.neg ? -b : b;
    const sum = sa + sb;
    if (sum === BigInt(0)) {
      return tfdynZero(false, p);
    }
    const neg = sum < BigInt(0);
    return tfdynRound(neg, neg ? -sum : sum, e, p, false);
  }
  if (x.form === 2 && y.form === 2 && x.neg !== y.neg) {
    return null;
  }
  if (x.form === 0 && y.form === 0) {
    return tfdynZero(x.neg && y.neg, p);
  }
  const z = x.form === 2 || y.form === 0 ? x : y;
  return z.form === 1 ? tfdynRound(z.neg, z.m, z.e, p, false) : { ...z, p };
}

/** tfdynMulP is x * y rounded to p bits (Go's Float.Mul); null for 0 * Inf. */
export function tfdynMulP(x: tfdynNum, y: tfdynNum, p: number): tfdynNum | null {
  const neg = x.neg !== y.neg;
  if (x.form === 1 && y.form === 1) {
    return tfdynRound(neg, x.m * y.m, x.e + y.e, p, false);
  }
  if ((x.form === 0 && y.form === 2) || (x.form === 2 && y.form === 0)) {
    return null;
  }
  if (x.form === 2 || y.form === 2) {
    return tfdynInf(neg, p);
  }
  return tfdynZero(neg, p);
}

/** tfdynQuoP is x / y rounded to p bits (Go's Float.Quo); null for 0/0 and Inf/Inf. */
export function tfdynQuoP(x: tfdynNum, y: tfdynNum, p: number): tfdynNum | null {
  const neg = x.neg !== y.neg;
  if (x.form === 1 && y.form === 1) {
    // Enough quotient bits to round: p + 2 at least, the rest is sticky.
    const shift = Math.max(0, p + 2 + tfdynBits(y.m) - tfdynBits(x.m));
    const n = x.m << BigInt(shift);
    const q = n / y.m;
    const r = n % y.m;
    return tfdynRound(neg, q, x.e - y.e - shift, p, r !== BigInt(0));
  }
  if ((x.form === 0 && y.form === 0) || (x.form === 2 && y.form === 2)) {
    return null;
  }
  if (x.form === 0 || y.form === 2) {
    return tfdynZero(neg, p);
  }
  return tfdynInf(neg, p);
}

/** tfdynNeg is -x at x's precision. */
export function tfdynNeg(x: tfdynNum): tfdynNum {
  return { ...x, neg: !x.neg };
}

/** tfdynCmp compares x and y by value: -1, 0 or +1. */
export function tfdynCmp(x: tfdynNum, y: tfdynNum): number {
  const sign = (n: tfdynNum): number => (n.form === 0 ? 0 : n.neg ? -1 : 1);
  const sx = sign(x);
  const sy = sign(y);
  if (sx !== sy) {
    return sx < sy ? -1 : 1;
  }
  if (sx === 0) {
    return 0;
  }
  let c: number;
  if (x.form === 2 || y.form === 2) {
    c = x.form === y.form ? 0 : x.form === 2 ? 1 : -1;
  } else {
    const e = Math.min(x.e, y.e);
    const a = x.m << BigInt(x.e - e);
    const b = y.m << BigInt(y.e - e);
    c = a === b ? 0 : a > b ? 1 : -1;
  }
  return sx < 0 ? -c : c;
}

/** tfdynTrunc is x truncated to an integer (Go's Float.Int): the integer and whether it is x; null for an infinity. */
export function tfdynTrunc(x: tfdynNum): { i: bigint; exact: boolean } | null {
  if (x.form === 2) {
    return null;
  }
  if (x.form === 0) {
    return { i: BigInt(0), exact: true };
  }
  let i: bigint;
  let exact = true;
  if (x.e >= 0) {
    i = x.m << BigInt(x.e);
  } else {
    const s = BigInt(-x.e);
    i = x.m >> s;
    exact = (x.m & ((BigInt(1) << s) - BigInt(1))) === BigInt(0);
  }
  return { i: x.neg ? -i : i, exact };
}

/** tfdynFromInt is an integer rounded to p bits (Go's Float.SetInt). */
export function tfdynFromInt(i: bigint, p: number): tfdynNum {
  return i < BigInt(0) ? tfdynRound(true, -i, 0, p, false) : tfdynRound(false, i, 0, p, false);
}

/** tfdynPow5 is 5**n as Go's Float parser computes it (p bits, repeated squaring at p + 64). */
export function tfdynPow5(n: number, p: number): tfdynNum | null {
  const five = BigInt(5);
  if (n <= 27) {
    return tfdynRound(false, five ** BigInt(n), 0, p, false);
  }
  let z: tfdynNum | null = tfdynRound(false, five ** BigInt(27), 0, p, false);
  n -= 27;
  let f: tfdynNum | null = tfdynRound(false, five, 0, p + 64, false);
  while (n > 0 && z !== null && f !== null) {
    if (n % 2 === 1) {
      z = tfdynMulP(z, f, p);
    }
    f = tfdynMulP(f, f, p + 64);
    n = Math.floor(n / 2);
  }
  return z;
}

/** tfdynParse parses a decimal number as Go's big.ParseFloat(s, 10, p, ToNearestEven); null when s is not one. */
export function tfdynParse(s: string, p: number): tfdynNum | null {
  if (s === "Inf" || s === "inf") {
    return tfdynInf(false, p);
  }
  if (s.length === 4 && (s[0] === "+" || s[0] === "-") && (s.slice(1) === "Inf" || s.slice(1) === "inf")) {
    return tfdynInf(s[0] === "-", p);
  }
  let i = 0;
  let neg = false;
  if (s[i] === "+" || s[i] === "-") {
    neg = s[i] === "-";
    i++;
  }
  let digits = "";
  let frac = 0;
  let dot = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits += s[i];
      if (dot) {
        frac--;
      }
    } else if (c === 46 && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (digits === "") {
    return null;
  }
  let exp = 0;
  let ebase = 10;
  if (i < s.length && "eEpP".includes(s.charAt(i))) {
    ebase = s[i] === "e" || s[i] === "E" ? 10 : 2;
    i++;
    let eneg = false;
    if (s[i] === "+" || s[i] === "-") {
      eneg = s[i] === "-";
      i++;
    }
    let ed = "";
    for (; i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57; i++) {
      ed += s[i];
    }
    if (ed === "") {
      return null;
    }
    const big = BigInt(ed);
    if (big > BigInt("9223372036854775807")) {
      return null; // strconv.ParseInt overflows
    }
    exp = Number(big) * (eneg ? -1 : 1);
  }
  if (i !== s.length) {
    return null;
  }
  const m = BigInt(digits);
  if (m === BigInt(0)) {
    return tfdynZero(neg, p);
  }
  let exp2 = frac;
  let exp5 = frac;
  if (ebase === 10) {
    exp5 += exp;
  }
  exp2 += exp;
  const goExp = exp2 + tfdynBits(m);
  if (goExp < tfdynMinExp || goExp > tfdynMaxExp) {
    return null; // exponent overflow
  }
  // The mantissa exactly, as Go's parser holds it before rounding.
  const x: tfdynNum = { neg, form: 1, m, e: exp2, p: Math.max(p, tfdynBits(m)) };
  if (exp5 === 0) {
    return tfdynRound(neg, m, exp2, p, false);
  }
  const pow = tfdynPow5(Math.abs(exp5), p + 64);
  if (pow === null) {
    return null;
  }
  return exp5 < 0 ? tfdynQuoP(x, pow, p) : tfdynMulP(x, pow, p);
}

/** tfdynDecimal is a decimal: 0.digits * 10**point (no trailing zeros). */
export interface tfdynDecimal {
  d: string;
  point: number;
}

/** tfdynToDecimal is the exact decimal of m * 2**e. */
export function tfdynToDecimal(m: bigint, e: number): tfdynDecimal {
  let s: string;
  let point: number;
  if (e >= 0) {
    s = (m << BigInt(e)).toString();
    point = s.length;
  } else {
    s = (m * BigInt(5) ** BigInt(-e)).toString();
    point = s.length + e;
  }
  let n = s.length;
  while (n > 0 && s[n - 1] === "0") {
    n--;
  }
  return { d: s.slice(0, n), point: n === 0 ? 0 : point };
}

export function tfdynRoundUp(x: tfdynDecimal, n: number): tfdynDecimal {
  if (n < 0 || n >= x.d.length) {
    return x;
  }
  while (n > 0 && x.d.charCodeAt(n - 1) >= 57) {
    n--;
  }
  if (n === 0) {
    return { d: "1", point: x.point + 1 };
  }
  return { d: x.d.slice(0, n - 1) + String.fromCharCode(x.d.charCodeAt(n - 1) + 1), point: x.point };
}

export function tfdynRoundDown(x: tfdynDecimal, n: number): tfdynDecimal {
  if (n < 0 || n >= x.d.length) {
    return x;
  }
  let d = x.d.slice(0, n);
  let i = d.length;
  while (i > 0 && d[i - 1] === "0") {
    i--;
  }
  d = d.slice(0, i);
  return { d, point: i === 0 ? 0 : x.point };
}

/** tfdynRoundDecimal rounds x to n digits, to nearest even (Go's decimal.round). */
export function tfdynRoundDecimal(x: tfdynDecimal, n: number): tfdynDecimal {
  if (n < 0 || n >= x.d.length) {
    return x;
  }
  let up: boolean;
  if (x.d[n] === "5" && n + 1 === x.d.length) {
    up = n > 0 && (x.d.charCodeAt(n - 1) - 48) % 2 !== 0;
  } else {
    up = x.d.charCodeAt(n) >= 53;
  }
  return up ? tfdynRoundUp(x, n) : tfdynRoundDown(x, n);
}

/** tfdynShortest rounds the decimal of x to the fewest digits that read back as x at its precision (Go's roundShortest). */
export function tfdynShortest(x: tfdynNum, d: tfdynDecimal): tfdynDecimal {
  if (d.d.length === 0) {
    return d;
  }
  const bits = tfdynBits(x.m);
  const shift = x.p + 1 - bits;
  const mant = shift >= 0 ? x.m << BigInt(shift) : x.m >> BigInt(-shift);
  const exp = x.e - shift;
  const lower = tfdynToDecimal(mant - BigInt(1), exp);
  const upper = tfdynToDecimal(mant + BigInt(1), exp);
  const inclusive = (mant & BigInt(2)) === BigInt(0);
  const at = (y: tfdynDecimal, i: number): number => (i < y.d.length ? y.d.charCodeAt(i) : 48);
  // Digits are compared at the same index, as Go's roundShortest does
  // (even where lower's decimal point differs from x's).
  const lo = lower;
  const hi = upper;
  for (let i = 0; i < d.d.length; i++) {
    const m = d.d.charCodeAt(i);
    const l = at(lo, i);
    const u = at(hi, i);
    const okdown = l !== m || (inclusive && i + 1 === lo.d.length);
    const okup = m !== u && (inclusive || m + 1 < u || i + 1 < hi.d.length);
    if (okdown && okup) {
      return tfdynRoundDecimal(d, i + 1);
    }
    if (okdown) {
      return tfdynRoundDown(d, i + 1);
    }
    if (okup) {
      return tfdynRoundUp(d, i + 1);
    }
  }
  return d;
}

export function tfdynFmtE(d: tfdynDecimal, prec: number): string {
  let out = d.d.length > 0 ? d.d[0] ?? "0" : "0";
  if (prec > 0) {
    out += ".";
    let i = 1;
    const m = Math.min(d.d.length, prec + 1);
    if (i < m) {
      out += d.d.slice(i, m);
      i = m;
    }
    for (; i <= prec; i++) {
      out += "0";
    }
  }
  let exp = d.d.length > 0 ? d.point - 1 : 0;
  let sign = "+";
  if (exp < 0) {
    sign = "-";
    exp = -exp;
  }
  return out + "e" + sign + (exp < 10 ? "0" : "") + String(exp);
}

export function tfdynFmtF(d: tfdynDecimal, prec: number): string {
  let out = "";
  if (d.point > 0) {
    const m = Math.min(d.d.length, d.point);
    out = d.d.slice(0, m) + "0".repeat(d.point - m);
  } else {
    out = "0";
  }
  if (prec > 0) {
    out += ".";
    for (let i = 0; i < prec; i++) {
      const j = d.point + i;
      out += j >= 0 && j < d.d.length ? d.d[j] : "0";
    }
  }
  return out;
}

/** tfdynText is Go's Float.Text(format, prec) for the formats f and g. */
export function tfdynText(x: tfdynNum, format: "f" | "g", prec: number): string {
  const sign = x.neg ? "-" : "";
  if (x.form === 2) {
    return x.neg ? "-Inf" : "+Inf";
  }
  let d: tfdynDecimal = x.form === 1 ? tfdynToDecimal(x.m, x.e) : { d: "", point: 0 };
  let shortest = false;
  if (prec < 0) {
    shortest = true;
    if (x.form === 1) {
      d = tfdynShortest(x, d);
    }
    prec = format === "f" ? Math.max(d.d.length - d.point, 0) : d.d.length;
  } else if (format === "f") {
    d = tfdynRoundDecimal(d, d.point + prec);
  } else {
    if (prec === 0) {
      prec = 1;
    }
    d = tfdynRoundDecimal(d, prec);
  }
  if (format === "f") {
    return sign + tfdynFmtF(d, prec);
  }
  let eprec = prec;
  if (eprec > d.d.length && d.d.length >= d.point) {
    eprec = d.d.length;
  }
  if (shortest) {
    eprec = 6;
  }
  const exp = d.point - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.d.length) {
      prec = d.d.length;
    }
    return sign + tfdynFmtE(d, prec - 1);
  }
  if (prec > d.point) {
    prec = d.d.length;
  }
  return sign + tfdynFmtF(d, Math.max(prec - d.point, 0));
}

/** tfdynS is a string value, normalized to NFC as go-cty does; undefined (an absent attribute) is null. */
export function tfdynS(s: string | undefined): tfdynV {
  return s === undefined ? null : s.normalize("NFC");
}

/** tfdynN is a number attribute's value (53 bits, as Go's SetFloat64); NaN and the infinities fail; undefined is null. */
export function tfdynN(f: number | undefined): tfdynV {
  if (f === undefined) {
    return null;
  }
  if (!Number.isFinite(f)) {
    return tfdynFail;
  }
  return tfdynFromNumber(f);
}

/** tfdynB is a bool value; undefined is null. */
export function tfdynB(b: boolean | undefined): tfdynV {
  return b === undefined ? null : b;
}

/** tfdynNumLit is a number literal of the schema, parsed as HCL parses it (512 bits). */
export function tfdynNumLit(text: string): tfdynV {
  return tfdynParse(text, 512) ?? tfdynFail;
}

/** tfdynIsNum tells a number from the other values. */
export function tfdynIsNum(v: tfdynV): v is tfdynNum {
  return v !== null && typeof v === "object";
}

/** tfdynStr converts a string, number or bool to a string as a template interpolation does; null and failures do not convert. */
export function tfdynStr(v: tfdynV): string | undefined {
  if (typeof v === "string") {
    return v;
  }
  if (typeof v === "boolean") {
    return v ? "true" : "false";
  }
  if (tfdynIsNum(v)) {
    return tfdynText(v, "f", -1);
  }
  return undefined;
}

/** tfdynToString is tostring(): the value as a string. */
export function tfdynToString(v: tfdynV): tfdynV {
  const s = tfdynStr(v);
  return s === undefined ? tfdynFail : s;
}

/** tfdynConcat is a string template: every part converted to a string. */
export function tfdynConcat(...parts: tfdynV[]): tfdynV {
  let out = "";
  for (const p of parts) {
    const s = tfdynStr(p);
    if (s === undefined) {
      return tfdynFail;
    }
    out += s;
  }
  return out.normalize("NFC");
}

/** tfdynCaseLower and tfdynCaseUpper are Go's simple case mappings (unicode.ToLower, unicode.ToUpper): runs of start, length, delta and stride, in base 36. */
export const tfdynCaseLower = "";

export const tfdynCaseUpper = "";

/** tfdynCaseMap decodes a case table into a map of code points. */
export function tfdynCaseMap(table: string): Map<number, number> {
  const m = new Map<number, number>();
  for (const run of table.split(";")) {
    if (run === "") {
      continue;
    }
    const [start, length, delta, stride] = run.split(",").map((n) => parseInt(n, 36));
    for (let i = 0; i < (length ?? 0); i++) {
      const c = (start ?? 0) + i * (stride ?? 1);
      m.set(c, c + (delta ?? 0));
    }
  }
  return m;
}

export let tfdynLowerMap: Map<number, number> | undefined;

export let tfdynUpperMap: Map<number, number> | undefined;

/** tfdynMapCase maps every code point of s with a case table. */
export function tfdynMapCase(s: string, m: Map<number, number>): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const to = m.get(c);
    out += to === undefined ? ch : String.fromCodePoint(to);
  }
  return out.normalize("NFC");
}

/** tfdynLower is lower(): Go's strings.ToLower. */
export function tfdynLower(a: tfdynV): tfdynV {
  if (typeof a !== "string") {
    return tfdynFail;
  }
  tfdynLowerMap ??= tfdynCaseMap(tfdynCaseLower);
  return tfdynMapCase(a, tfdynLowerMap);
}

/** tfdynUpper is upper(): Go's strings.ToUpper. */
export function tfdynUpper(a: tfdynV): tfdynV {
  if (typeof a !== "string") {
    return tfdynFail;
  }
  tfdynUpperMap ??= tfdynCaseMap(tfdynCaseUpper);
  return tfdynMapCase(a, tfdynUpperMap);
}

/** tfdynIsSpace is Go's unicode.IsSpace. */
export function tfdynIsSpace(c: number): boolean {
  switch (c) {
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0x20:
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
      return true;
  }
  return c >= 0x2000 && c <= 0x200a;
}

/** tfdynTrimSpace is trimspace(): Go's strings.TrimSpace. */
export function tfdynTrimSpace(a: tfdynV): tfdynV {
  if (typeof a !== "string") {
    return tfdynFail;
  }
  const cps = Array.from(a);
  let i = 0;
  let j = cps.length;
  while (i < j && tfdynIsSpace(cps[i]?.codePointAt(0) ?? 0)) {
    i++;
  }
  while (j > i && tfdynIsSpace(cps[j - 1]?.codePointAt(0) ?? 0)) {
    j--;
  }
  return cps.slice(i, j).join("").normalize("NFC");
}

/** tfdynTrimPrefix is trimprefix(). */
export function tfdynTrimPrefix(a: tfdynV, b: tfdynV): tfdynV {
  if (typeof a !== "string" || typeof b !== "string") {
    return tfdynFail;
  }
  return (a.startsWith(b) ? a.slice(b.length) : a).normalize("NFC");
}

/** tfdynTrimSuffix is trimsuffix(). */
export function tfdynTrimSuffix(a: tfdynV, b: tfdynV): tfdynV {
  if (typeof a !== "string" || typeof b !== "string") {
    return tfdynFail;
  }
  return (a.endsWith(b) && b !== "" ? a.slice(0, a.length - b.length) : a).normalize("NFC");
}

/** tfdynReplace is replace(): Go's strings.Replace of every occurrence; an empty substring matches between code points. */
export function tfdynReplace(a: tfdynV, b: tfdynV, c: tfdynV): tfdynV {
  if (typeof a !== "string" || typeof b !== "string" || typeof c !== "string") {
    return tfdynFail;
  }
  if (b === "") {
    return (c + Array.from(a).join(c) + (a === "" ? "" : c)).normalize("NFC");
  }
  return a.split(b).join(c).normalize("NFC");
}

/** tfdynCoalesce is coalesce(): the first argument that is not null. */
export function tfdynCoalesce(...args: tfdynV[]): tfdynV {
  for (const a of args) {
    if (a === tfdynFail) {
      return tfdynFail;
    }
  }
  for (const a of args) {
    if (a !== null) {
      return a;
    }
  }
  return tfdynFail;
}

/** tfdynFormatInt is Go's fmt %d of a *big.Int with the flags and width of verb ("%07d"). */
export function tfdynFormatInt(verb: string, i: bigint): string {
  let minus = false;
  let plus = false;
  let space = false;
  let zero = false;
  let k = 1;
  for (; k < verb.length; k++) {
    const c = verb[k];
    if (c === "0") {
      zero = true;
    } else if (c === "+") {
      plus = true;
    } else if (c === "-") {
      minus = true;
    } else if (c === " ") {
      space = true;
    } else {
      break;
    }
  }
  const digits = (i < BigInt(0) ? -i : i).toString();
  let width = 0;
  let widthSet = false;
  for (; k < verb.length && verb.charCodeAt(k) >= 48 && verb.charCodeAt(k) <= 57; k++) {
    if (width > 1e6 || width < -1e6) {
      // fmt's parsenum gives up on a width this long.
      return "%!(NOVERB)%!(EXTRA *big.Int=" + (i < BigInt(0) ? "-" : "") + digits + ")";
    }
    width = width * 10 + verb.charCodeAt(k) - 48;
    widthSet = true;
  }
  const sign = i < BigInt(0) ? "-" : plus ? "+" : space ? " " : "";
  const length = sign.length + digits.length;
  if (widthSet && length < width) {
    const pad = width - length;
    if (minus) {
      return sign + digits + " ".repeat(pad);
    }
    if (zero) {
      return sign + "0".repeat(pad) + digits;
    }
    return " ".repeat(pad) + sign + digits;
  }
  return sign + digits;
}

/** tfdynFormat is format() with the verbs %d (an integer) and %s, and %%. */
export function tfdynFormat(f: string, ...args: tfdynV[]): tfdynV {
  let out = "";
  let next = 0;
  for (let i = 0; i < f.length; i++) {
    if (f[i] !== "%") {
      out += f[i];
      continue;
    }
    const start = i;
    i++;
    if (i < f.length && f[i] === "%") {
      out += "%";
      continue;
    }
    while (i < f.length && ("0-+ ".includes(f.charAt(i)) || (f.charCodeAt(i) >= 48 && f.charCodeAt(i) <= 57))) {
      i++;
    }
    if (i >= f.length || next >= args.length) {
      return tfdynFail;
    }
    const a = args[next++] ?? tfdynFail;
    if (f[i] === "d") {
      if (!tfdynIsNum(a)) {
        return tfdynFail;
      }
      const t = tfdynTrunc(a);
      if (t === null || !t.exact) {
        return tfdynFail;
      }
      out += tfdynFormatInt(f.slice(start, i + 1), t.i);
    } else if (f[i] === "s") {
      const s = tfdynStr(a);
      if (s === undefined) {
        return tfdynFail;
      }
      out += s;
    } else {
      return tfdynFail;
    }
  }
  return out.normalize("NFC");
}

/** tfdynArith checks the operands of arithmetic: two numbers. */
export function tfdynArith(a: tfdynV, b: tfdynV, op: (x: tfdynNum, y: tfdynNum) => tfdynNum | null): tfdynV {
  if (!tfdynIsNum(a) || !tfdynIsNum(b)) {
    return tfdynFail;
  }
  return op(a, b) ?? tfdynFail;
}

/** tfdynAdd is a + b. */
export function tfdynAdd(a: tfdynV, b: tfdynV): tfdynV {
  return tfdynArith(a, b, (x, y) => tfdynAddP(x, y, Math.max(x.p, y.p)));
}

/** tfdynSub is a - b. */
export function tfdynSub(a: tfdynV, b: tfdynV): tfdynV {
  return tfdynArith(a, b, (x, y) => tfdynAddP(x, tfdynNeg(y), Math.max(x.p, y.p)));
}

/** tfdynMul is a * b: at 512 bits, kept at the operands' precision or the bits the product needs. */
export function tfdynMul(a: tfdynV, b: tfdynV): tfdynV {
  return tfdynArith(a, b, (x, y) => {
    const z = tfdynMulP(x, y, 512);
    if (z === null) {
      return null;
    }
    return { ...z, p: Math.max(x.p, y.p, z.form === 1 ? tfdynBits(z.m) : 0) };
  });
}

/** tfdynDiv is a / b. */
export function tfdynDiv(a: tfdynV, b: tfdynV): tfdynV {
  return tfdynArith(a, b, (x, y) => tfdynQuoP(x, y, Math.max(x.p, y.p)));
}

/** tfdynMod is a % b: a - b * trunc(a / b), a when b is zero. */
export function tfdynMod(a: tfdynV, b: tfdynV): tfdynV {
  return tfdynArith(a, b, (x, y) => {
    if (x.form === 2 || y.form === 2) {
      return null;
    }
    if (y.form === 0) {
      return x;
    }
    const q = tfdynQuoP(x, y, Math.max(x.p, y.p));
    const t = q === null ? null : tfdynTrunc(q);
    if (t === null) {
      return null;
    }
    const w = tfdynMulP(y, tfdynFromInt(t.i, x.p), x.p);
    return w === null ? null : tfdynAddP(x, tfdynNeg(w), x.p);
  });
}

/** tfdynNegate is -a. */
export function tfdynNegate(a: tfdynV): tfdynV {
  return tfdynIsNum(a) ? tfdynNeg(a) : tfdynFail;
}

/** tfdynNumEqual is go-cty's equality of numbers: integers by value, others by their shortest decimal text. */
export function tfdynNumEqual(a: tfdynNum, b: tfdynNum): boolean {
  const sign = (n: tfdynNum): number => (n.form === 0 ? 0 : n.neg ? -1 : 1);
  if (sign(a) !== sign(b)) {
    return false;
  }
  const ai = tfdynTrunc(a);
  const bi = tfdynTrunc(b);
  const aexact = ai !== null && ai.exact;
  const bexact = bi !== null && bi.exact;
  if (aexact !== bexact) {
    return false;
  }
  if (aexact && ai !== null && bi !== null) {
    return ai.i === bi.i;
  }
  let as = tfdynText(a, "f", -1);
  let bs = tfdynText(b, "f", -1);
  if (as === "-0") {
    as = "0";
  }
  if (bs === "-0") {
    bs = "0";
  }
  return as === bs;
}

/** tfdynEquals is ==: null equals only null. */
export function tfdynEquals(a: tfdynV, b: tfdynV): tfdynV {
  if (a === tfdynFail || b === tfdynFail) {
    return tfdynFail;
  }
  if (a === null || b === null) {
    return a === b;
  }
  if (tfdynIsNum(a) && tfdynIsNum(b)) {
    return tfdynNumEqual(a, b);
  }
  return a === b;
}

/** tfdynNotEquals is !=. */
export function tfdynNotEquals(a: tfdynV, b: tfdynV): tfdynV {
  return tfdynNot(tfdynEquals(a, b));
}

/** tfdynOrder compares two numbers: c as Cmp, eq as go-cty's Equals; null when one is not a number. */
export function tfdynOrder(a: tfdynV, b: tfdynV): { c: number; eq: boolean } | null {
  if (!tfdynIsNum(a) || !tfdynIsNum(b)) {
    return null;
  }
  return { c: tfdynCmp(a, b), eq: tfdynNumEqual(a, b) };
}

/** tfdynLess is <. */
export function tfdynLess(a: tfdynV, b: tfdynV): tfdynV {
  const o = tfdynOrder(a, b);
  return o === null ? tfdynFail : o.c < 0;
}

/** tfdynLessEq is <=. */
export function tfdynLessEq(a: tfdynV, b: tfdynV): tfdynV {
  const o = tfdynOrder(a, b);
  return o === null ? tfdynFail : o.c < 0 || o.eq;
}

/** tfdynGreater is >. */
export function tfdynGreater(a: tfdynV, b: tfdynV): tfdynV {
  const o = tfdynOrder(a, b);
  return o === null ? tfdynFail : o.c > 0;
}

/** tfdynGreaterEq is >=. */
export function tfdynGreaterEq(a: tfdynV, b: tfdynV): tfdynV {
  const o = tfdynOrder(a, b);
  return o === null ? tfdynFail : o.c > 0 || o.eq;
}

/** tfdynAnd is HCL's &&: false when a side is false or null, even if the other fails; true when both are true. */
export function tfdynAnd(a: tfdynV, b: tfdynV): tfdynV {
  if (a === tfdynFail && b === tfdynFail) {
    return tfdynFail;
  }
  if ((a !== tfdynFail && a !== true) || (b !== tfdynFail && b !== true)) {
    return false;
  }
  if (a === tfdynFail || b === tfdynFail) {
    return tfdynFail;
  }
  return true;
}

/** tfdynOr is HCL's ||: true when a side is true, even if the other fails; false when both are false. */
export function tfdynOr(a: tfdynV, b: tfdynV): tfdynV {
  if (a === tfdynFail && b === tfdynFail) {
    return tfdynFail;
  }
  if (a === true || b === true) {
    return true;
  }
  if (typeof a === "boolean" && typeof b === "boolean") {
    return false;
  }
  return tfdynFail;
}

/** tfdynNot is !. */
export function tfdynNot(a: tfdynV): tfdynV {
  return typeof a === "boolean" ? !a : tfdynFail;
}

/** tfdynCond is c ? a : b. */
export function tfdynCond(c: tfdynV, a: tfdynV, b: tfdynV): tfdynV {
  if (typeof c !== "boolean") {
    return tfdynFail;
  }
  return c ? a : b;
}

/** tfdynWhen evaluates a sparse condition as the writer of an item does: in the index when true, out of it when false or null; undefined when the condition cannot be evaluated. */
export function tfdynWhen(v: tfdynV): boolean | undefined {
  return v === tfdynFail ? undefined : v === true;
}

/** tfdynProblem says why a key template cannot be computed. */
export interface tfdynProblem {
  readonly problem: string;
}

/** tfdynKeyS is the value of a string key template: undefined when it reads an absent attribute (a failure then means absence), a problem when it cannot be computed. */
export function tfdynKeyS(v: tfdynV, readsNull: boolean): string | undefined | tfdynProblem {
  if (v === null || (v === tfdynFail && readsNull)) {
    return undefined;
  }
  const s = tfdynStr(v);
  if (s === undefined) {
    return { problem: "the template cannot be evaluated" };
  }
  if (s === "") {
    return { problem: "the template gives an empty string, which DynamoDB rejects as a key" };
  }
  return s;
}

/** tfdynComputed is the value of a computed attribute: undefined when it is null or fails while it reads an absent attribute, a problem when it cannot be computed; a string (an empty one is a value: it is no key), a number as DynamoDB number text, or a bool. */
export function tfdynComputed(v: tfdynV, readsNull: boolean): string | boolean | undefined | tfdynProblem {
  if (v === null || (v === tfdynFail && readsNull)) {
    return undefined;
  }
  if (typeof v === "string" || typeof v === "boolean") {
    return v;
  }
  if (tfdynIsNum(v)) {
    return tfdynKeyN(v, readsNull);
  }
  return { problem: "the computed attribute cannot be evaluated" };
}

/** tfdynKeyN is the value of a number key template as DynamoDB number text: undefined when it reads an absent attribute, a problem when it cannot be computed. */
export function tfdynKeyN(v: tfdynV, readsNull: boolean): string | undefined | tfdynProblem {
  if (v === null || (v === tfdynFail && readsNull)) {
    return undefined;
  }
  let n: tfdynV = v;
  if (typeof v === "string") {
    n = tfdynParse(v, 512);
    if (n === null) {
      return { problem: "the template gives " + JSON.stringify(v) + ", not a number" };
    }
  }
  if (!tfdynIsNum(n)) {
    return { problem: "the template cannot be evaluated" };
  }
  if (n.form === 2) {
    return { problem: "infinity is not a DynamoDB number" };
  }
  const t = tfdynTrunc(n);
  if (t !== null && t.exact) {
    return t.i.toString();
  }
  return tfdynText(n, "g", 38);
}

/**
 * KeyError is a key template (or sparse condition) that cannot be computed
 * for the values given, as tfdyn's evaluator finds it: a primary key
 * template that reads an absent attribute, a format of a number that is not
 * an integer, an empty string key.
 */
export class KeyError extends Error {
  override readonly name: string = "KeyError";
  /** entity is the entity of the key. */
  readonly entity: string;
  /** index is the secondary index ("" for the table's primary key). */
  readonly index: string;
  /** attribute is the key attribute ("" for a sparse condition). */
  readonly attribute: string;
  /** template is the template or condition as the schema writes it. */
  readonly template: string;
  /** reason says why it cannot be computed. */
  readonly reason: string;

  constructor(entity: string, index: string, attribute: string, template: string, reason: string) {
    let where = entity;
    if (index !== "") {
      where += " in index " + index;
    }
    let what = attribute === "" ? "sparse condition" : "key attribute " + attribute;
    if (template !== "") {
      what += " = " + template;
    }
    super(where + ": " + what + ": " + reason);
    this.entity = entity;
    this.index = index;
    this.attribute = attribute;
    this.template = template;
    this.reason = reason;
  }
}

/**
 * AttributeError is an attribute that cannot be written or read: a number
 * that is no DynamoDB number, a missing required attribute, a value of
 * another type.
 */
export class AttributeError extends Error {
  override readonly name: string = "AttributeError";
  /** entity is the entity (or object type) of the attribute. */
  readonly entity: string;
  /** attribute is the attribute's name. */
  readonly attribute: string;
  /** reason says what is wrong. */
  readonly reason: string;

  constructor(entity: string, attribute: string, reason: string) {
    super(entity + ": attribute " + attribute + ": " + reason);
    this.entity = entity;
    this.attribute = attribute;
    this.reason = reason;
  }
}

/** tfdynFinite is a number attribute to write: NaN and the infinities are no DynamoDB numbers. */
export function tfdynFinite(f: number, entity: string, attribute: string): number {
  if (!Number.isFinite(f)) {
    throw new AttributeError(entity, attribute, String(f) + " is not a DynamoDB number");
  }
  return f;
}

/** tfdynKind names the kind of a value in an error. */
export function tfdynKind(v: unknown): string {
  if (Array.isArray(v)) {
    return "a list";
  }
  if (v instanceof Set) {
    return "a set";
  }
  return typeof v === "object" ? "a map" : "a " + typeof v;
}

/** tfdynWrong is the error of an attribute read with another type, or missing (undefined or NULL). */
export function tfdynWrong(v: unknown, want: string, entity: string, attribute: string): AttributeError {
  if (v === undefined || v === null) {
    return new AttributeError(entity, attribute, "missing");
  }
  return new AttributeError(entity, attribute, "want " + want + ", got " + tfdynKind(v));
}

/** tfdynReadS reads a string attribute. */
export function tfdynReadS(v: unknown, entity: string, attribute: string): string {
  if (typeof v !== "string") {
    throw tfdynWrong(v, "a string", entity, attribute);
  }
  return v;
}

/** tfdynReadN reads a number attribute as the document client returns it: a number, a bigint (a large integer) or a NumberValue. */
export function tfdynReadN(v: unknown, entity: string, attribute: string): number {
  if (typeof v === "number") {
    return v;
  }
  if (typeof v === "bigint") {
    return Number(v);
  }
  if (v !== null && typeof v === "object" && typeof (v as { value?: unknown }).value === "string") {
    const f = Number((v as { value: string }).value);
    if (!Number.isNaN(f)) {
      return f;
    }
  }
  throw tfdynWrong(v, "a number", entity, attribute);
}

/** tfdynReadB reads a bool attribute. */
export function tfdynReadB(v: unknown, entity: string, attribute: string): boolean {
  if (typeof v !== "boolean") {
    throw tfdynWrong(v, "a bool", entity, attribute);
  }
  return v;
}

/** tfdynReadL reads a list attribute (a set is stored as a list). */
export function tfdynReadL(v: unknown, entity: string, attribute: string): unknown[] {
  if (!Array.isArray(v)) {
    throw tfdynWrong(v, "a list", entity, attribute);
  }
  return v;
}

/** tfdynReadM reads a map attribute: a plain object. */
export function tfdynReadM(v: unknown, entity: string, attribute: string): { readonly [k: string]: unknown } {
  if (v === null || typeof v !== "object" || Array.isArray(v) || v instanceof Set || ArrayBuffer.isView(v)) {
    throw tfdynWrong(v, "a map", entity, attribute);
  }
  return v as { readonly [k: string]: unknown };
}

/** tfdynMapValues maps the values of a map. */
export function tfdynMapValues<T, U>(m: { readonly [k: string]: T }, f: (v: T) => U): { [k: string]: U } {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, f(v)]));
}

/** tfdynCompareStrings orders strings by their UTF-8 bytes, as Go does. */
export function tfdynCompareStrings(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < x.length && i < y.length; i++) {
    const c = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (c !== 0) {
      return c;
    }
  }
  return x.length - y.length;
}

/** tfdynSet is a set's elements as tfdyn stores them: distinct, ascending. */
export function tfdynSet<T extends string | number | boolean>(xs: readonly T[]): T[] {
  const sorted = xs.slice().sort((a, b) => {
    if (typeof a === "string" && typeof b === "string") {
      return tfdynCompareStrings(a, b);
    }
    if (typeof a === "number" && typeof b === "number") {
      return a - b;
    }
    return (a === true ? 1 : 0) - (b === true ? 1 : 0);
  });
  return sorted.filter((x, i) => i === 0 || x !== sorted[i - 1]);
}

/** tfdynPresent is the value of a primary key template, which must not read an absent attribute. */
export function tfdynPresent<T>(v: T | undefined, entity: string, index: string, attribute: string, template: string): T {
  if (v === undefined) {
    throw new KeyError(entity, index, attribute, template, "reads an absent attribute");
  }
  return v;
}
