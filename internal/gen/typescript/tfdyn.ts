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

/** tfdynItem is a DynamoDB item (or key) as the low-level client sends and returns it. */
export type tfdynItem = Record<string, AttributeValue>;

/** tfdynNumText is a number attribute as DynamoDB number text: the shortest decimal that reads back, without exponent (Go's FormatFloat(f, 'f', -1, 64)). */
export function tfdynNumText(f: number): string {
  if (!Number.isFinite(f)) {
    throw new Error(String(f) + " is not a DynamoDB number");
  }
  return tfdynText(tfdynFromNumber(f), "f", -1);
}

/** tfdynAV converts a value of a record (or of an input) into a DynamoDB attribute value: a string (S), a number (N: exact for a bigint and a NumberValue), a bool, null, a list (L), a map (M; undefined properties left out). */
export function tfdynAV(v: unknown): AttributeValue {
  if (typeof v === "string") {
    return { S: v };
  }
  if (typeof v === "number") {
    return { N: tfdynNumText(v) };
  }
  if (typeof v === "bigint") {
    return { N: v.toString() };
  }
  if (typeof v === "boolean") {
    return { BOOL: v };
  }
  if (v === null) {
    return { NULL: true };
  }
  if (v instanceof NumberValue) {
    return { N: v.value };
  }
  if (Array.isArray(v)) {
    return { L: v.map((x: unknown) => tfdynAV(x)) };
  }
  if (v instanceof Uint8Array) {
    return { B: v };
  }
  if (typeof v === "object") {
    return { M: tfdynToItem(v) };
  }
  throw new TypeError("a " + typeof v + " is no DynamoDB value");
}

/** tfdynToItem converts a record (toXxxRecord's) into the item the low-level client sends. */
export function tfdynToItem(record: object): tfdynItem {
  const out: tfdynItem = {};
  for (const [k, v] of Object.entries(record)) {
    if (v !== undefined) {
      out[k] = tfdynAV(v);
    }
  }
  return out;
}

/** tfdynFromAV converts an attribute value into the value fromXxxRecord reads: a number as a JavaScript number (Go's ParseFloat), a set as a Set. */
export function tfdynFromAV(av: AttributeValue): unknown {
  if (av.S !== undefined) {
    return av.S;
  }
  if (av.N !== undefined) {
    return Number(av.N);
  }
  if (av.BOOL !== undefined) {
    return av.BOOL;
  }
  if (av.NULL !== undefined) {
    return null;
  }
  if (av.L !== undefined) {
    return av.L.map((x) => tfdynFromAV(x));
  }
  if (av.M !== undefined) {
    return tfdynFromItem(av.M);
  }
  if (av.B !== undefined) {
    return av.B;
  }
  if (av.SS !== undefined) {
    return new Set(av.SS);
  }
  if (av.NS !== undefined) {
    return new Set(av.NS.map((x) => Number(x)));
  }
  if (av.BS !== undefined) {
    return new Set(av.BS);
  }
  return undefined;
}

/** tfdynFromItem converts an item the low-level client returns into a record. */
export function tfdynFromItem(item: tfdynItem): { [attr: string]: unknown } {
  const out: { [attr: string]: unknown } = {};
  for (const [k, v] of Object.entries(item)) {
    out[k] = tfdynFromAV(v);
  }
  return out;
}

/** tfdynValue converts a value of the schema language into the attribute value of DynamoDB type typ, as tfdyn's renderer sends it. */
export function tfdynValue(v: tfdynV, typ: "S" | "N" | "BOOL"): AttributeValue {
  if (v === null) {
    throw new Error("the value is null");
  }
  if (v === tfdynFail) {
    throw new Error("the value cannot be computed");
  }
  if (typ === "N") {
    if (!tfdynIsNum(v)) {
      throw new Error("the value is not a number");
    }
    const n = tfdynKeyN(v, false);
    if (typeof n !== "string") {
      throw new Error(n === undefined ? "the value is null" : n.problem);
    }
    return { N: n };
  }
  if (typ === "BOOL") {
    if (typeof v !== "boolean") {
      throw new Error("the value is not a bool");
    }
    return { BOOL: v };
  }
  const s = tfdynStr(v);
  if (s === undefined) {
    throw new Error("the value is not a string");
  }
  return { S: s };
}

/** tfdynKeyAV is the attribute value of a key template's result (a string or a NumberValue); undefined (it reads an absent attribute) fails. */
export function tfdynKeyAV(v: string | NumberValue | undefined): AttributeValue {
  if (v === undefined) {
    throw new Error("the template reads an absent attribute");
  }
  return typeof v === "string" ? { S: v } : { N: v.value };
}

/** tfdynPick is the expression (or names) of the form of a write chosen. */
export function tfdynPick<T>(forms: readonly T[], i: number): T {
  const f = forms[i];
  if (f === undefined) {
    throw new RangeError("no form " + String(i));
  }
  return f;
}

/** tfdynSameKey reports whether a stored key attribute equals the one the entity's template computes from the item (compute; a template that fails or gives nothing does not match): the same DynamoDB type and value, numbers compared as numbers. */
export function tfdynSameKey(stored: AttributeValue | undefined, compute: () => string | NumberValue | undefined): boolean {
  let c: string | NumberValue | undefined;
  try {
    c = compute();
  } catch {
    return false;
  }
  if (stored === undefined || c === undefined) {
    return false;
  }
  if (typeof c === "string") {
    return stored.S === c;
  }
  if (stored.N === undefined) {
    return false;
  }
  const a = tfdynParse(stored.N, 512);
  const b = tfdynParse(c.value, 512);
  return a !== null && b !== null && tfdynCmp(a, b) === 0;
}

/** tfdynHasPrefix reports whether a stored key attribute is a string that starts with prefix (equals it when exact). */
export function tfdynHasPrefix(av: AttributeValue | undefined, prefix: string, exact: boolean): boolean {
  if (av === undefined || av.S === undefined) {
    return false;
  }
  return exact ? av.S === prefix : av.S.startsWith(prefix);
}

/** tfdynKeyText renders a stored item's key attributes for an error: PK="USER#alice" SK="PROFILE". */
export function tfdynKeyText(item: tfdynItem, attrs: readonly string[]): string {
  return attrs
    .map((a) => {
      const v = item[a];
      if (v === undefined) {
        return a + "=(absent)";
      }
      if (v.S !== undefined) {
        return a + "=" + JSON.stringify(v.S);
      }
      if (v.N !== undefined) {
        return a + "=" + v.N;
      }
      return a + "=" + Object.keys(v).join("");
    })
    .join(" ");
}

/** tfdynCanon is a canonical text of a JSON-like value: object keys sorted, bytes as lists. */
export function tfdynCanon(v: unknown): string {
  if (v instanceof Uint8Array) {
    return JSON.stringify(Array.from(v));
  }
  if (Array.isArray(v)) {
    return "[" + v.map((x: unknown) => tfdynCanon(x)).join(",") + "]";
  }
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v).sort();
    const m = v as { readonly [k: string]: unknown };
    return "{" + keys.filter((k) => m[k] !== undefined).map((k) => JSON.stringify(k) + ":" + tfdynCanon(m[k])).join(",") + "}";
  }
  return JSON.stringify(v) ?? "null";
}

/** tfdynHash is the FNV-1a 64-bit hash of a string's UTF-16 code units, in hex. */
export function tfdynHash(s: string): string {
  const prime = BigInt("0x100000001b3");
  const mask = BigInt("0xffffffffffffffff");
  let h = BigInt("0xcbf29ce484222325");
  for (let i = 0; i < s.length; i++) {
    h ^= BigInt(s.charCodeAt(i));
    h = (h * prime) & mask;
  }
  return h.toString(16).padStart(16, "0");
}

/** tfdynBinding is what a cursor is bound to: the pattern and the values its request sends (a digest of both). */
export function tfdynBinding(pattern: string, values: tfdynItem): string {
  return tfdynHash(pattern + "\u0000" + tfdynCanon(values));
}

/** tfdynUtf8 encodes a string as UTF-8. */
export function tfdynUtf8(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) {
      out.push(c);
    } else if (c < 0x800) {
      out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    } else {
      out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
  }
  return out;
}

/** tfdynUtf8Decode decodes UTF-8; undefined when the bytes are not UTF-8. */
export function tfdynUtf8Decode(b: readonly number[]): string | undefined {
  let out = "";
  for (let i = 0; i < b.length; ) {
    const c = b[i] ?? 0;
    let n = 0;
    let cp = 0;
    if (c < 0x80) {
      cp = c;
    } else if (c >= 0xc2 && c < 0xe0) {
      n = 1;
      cp = c & 0x1f;
    } else if (c >= 0xe0 && c < 0xf0) {
      n = 2;
      cp = c & 0x0f;
    } else if (c >= 0xf0 && c < 0xf5) {
      n = 3;
      cp = c & 0x07;
    } else {
      return undefined;
    }
    for (let j = 1; j <= n; j++) {
      const x = b[i + j];
      if (x === undefined || (x & 0xc0) !== 0x80) {
        return undefined;
      }
      cp = (cp << 6) | (x & 0x3f);
    }
    if ((n === 2 && (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000))) || (n === 3 && (cp < 0x10000 || cp > 0x10ffff))) {
      return undefined;
    }
    out += String.fromCodePoint(cp);
    i += n + 1;
  }
  return out;
}

/** tfdynBase64 is the URL-safe base64 alphabet, without padding. */
export const tfdynBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** tfdynToBase64 encodes bytes as URL-safe base64 without padding. */
export function tfdynToBase64(b: readonly number[]): string {
  let out = "";
  for (let i = 0; i < b.length; i += 3) {
    const n = ((b[i] ?? 0) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((b.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) {
      out += tfdynBase64.charAt((n >> (18 - 6 * j)) & 0x3f);
    }
  }
  return out;
}

/** tfdynFromBase64 decodes URL-safe base64 without padding; undefined when s is not that. */
export function tfdynFromBase64(s: string): number[] | undefined {
  if (s.length % 4 === 1) {
    return undefined;
  }
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of s) {
    const v = tfdynBase64.indexOf(ch);
    if (v < 0) {
      return undefined;
    }
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return out;
}

/**
 * CursorError is a cursor that does not belong to the call: of another
 * pattern, made for other inputs, or not a cursor of this package.
 */
export class CursorError extends Error {
  override readonly name: string = "CursorError";
  /** pattern is the access pattern (or query) called. */
  readonly pattern: string;
  /** reason says why the cursor cannot continue the query. */
  readonly reason: string;

  constructor(pattern: string, reason: string) {
    super(pattern + ": the cursor cannot continue this query: " + reason);
    this.pattern = pattern;
    this.reason = reason;
  }
}

/** tfdynEncodeCursor writes the key a page stopped at (LastEvaluatedKey) as an opaque cursor bound to binding; undefined when there is no next page. */
export function tfdynEncodeCursor(key: tfdynItem | undefined, binding: string): string | undefined {
  if (key === undefined || Object.keys(key).length === 0) {
    return undefined;
  }
  return tfdynToBase64(tfdynUtf8(JSON.stringify({ v: 1, b: binding, k: JSON.parse(tfdynCanon(key)) as unknown })));
}

/** tfdynDecodeCursor reads a cursor back into the key to start after, checking that it was made by the same pattern with the same values. */
export function tfdynDecodeCursor(cursor: string, pattern: string, binding: string): tfdynItem {
  const bytes = tfdynFromBase64(cursor);
  const text = bytes === undefined ? undefined : tfdynUtf8Decode(bytes);
  let c: unknown;
  try {
    c = text === undefined ? undefined : JSON.parse(text);
  } catch {
    c = undefined;
  }
  const o = c as { v?: unknown; b?: unknown; k?: unknown } | undefined;
  if (o === undefined || o === null || typeof o !== "object" || o.v !== 1 || typeof o.b !== "string" || o.k === null || typeof o.k !== "object") {
    throw new CursorError(pattern, "it is not a cursor of this package");
  }
  if (o.b !== binding) {
    throw new CursorError(pattern, "it was returned by another pattern or for other inputs");
  }
  const key: tfdynItem = {};
  for (const [name, v] of Object.entries(o.k)) {
    const av = v as { S?: unknown; N?: unknown } | null;
    const kinds = av === null || typeof av !== "object" ? [] : Object.keys(av);
    if (av !== null && kinds.length === 1 && typeof av.S === "string") {
      key[name] = { S: av.S };
    } else if (av !== null && kinds.length === 1 && typeof av.N === "string" && tfdynParse(av.N, 512) !== null) {
      key[name] = { N: av.N };
    } else {
      throw new CursorError(pattern, "it holds a value that is no key");
    }
  }
  return key;
}

/** tfdynPages reads every page of a query after the other, from the first: page reads the one after a cursor. */
export async function* tfdynPages<P extends { readonly next: string | undefined }>(page: (after: string | undefined) => Promise<P>): AsyncGenerator<P, void, undefined> {
  let after: string | undefined;
  for (;;) {
    const p = await page(after);
    yield p;
    if (p.next === undefined) {
      return;
    }
    after = p.next;
  }
}

/** tfdynAbort is the options of a send: the caller's AbortSignal, if any. */
export function tfdynAbort(signal: AbortSignal | undefined): { abortSignal?: AbortSignal } {
  return signal === undefined ? {} : { abortSignal: signal };
}

/** CardinalityError is a pattern declared cardinality = "one" that finds several items: the design's promise that one item matches does not hold for the data. */
export class CardinalityError extends Error {
  override readonly name: string = "CardinalityError";
  /** pattern is the access pattern. */
  readonly pattern: string;
  /** count is the number of items found (at least 2; the read stops at 2). */
  readonly count: number;

  constructor(pattern: string, count: number) {
    super(pattern + ': declared cardinality "one" but at least ' + String(count) + " items match");
    this.pattern = pattern;
    this.count = count;
  }
}

/**
 * ItemError is an item a pattern read that is of none of the pattern's
 * entities (none of them computes its key from it), or that does not read
 * as its entity.
 */
export class ItemError extends Error {
  override readonly name: string = "ItemError";
  /** pattern is the access pattern (or query). */
  readonly pattern: string;
  /** key renders the item's primary key: PK="USER#alice" SK="PROFILE". */
  readonly key: string;
  /** error is the cause: an AttributeError, or why the item is of no entity. */
  readonly error: unknown;

  constructor(pattern: string, key: string, error: unknown) {
    super(pattern + ": item " + key + ": " + (error instanceof Error ? error.message : String(error)));
    this.pattern = pattern;
    this.key = key;
    this.error = error;
  }
}

/**
 * InputError is an input of a pattern that cannot be sent: a template over
 * the inputs that fails (a format of a number that is not an integer, an
 * empty string key), a number that is no DynamoDB number.
 */
export class InputError extends Error {
  override readonly name: string = "InputError";
  /** pattern is the access or write pattern. */
  readonly pattern: string;
  /** attribute is the attribute the value is compared with or written to. */
  readonly attribute: string;
  /** value is the value as the schema writes it. */
  readonly value: string;
  /** error is the cause. */
  readonly error: unknown;

  constructor(pattern: string, attribute: string, value: string, error: unknown) {
    super(pattern + ": " + attribute + " = " + value + ": " + (error instanceof Error ? error.message : String(error)));
    this.pattern = pattern;
    this.attribute = attribute;
    this.value = value;
    this.error = error;
  }
}

/** tfdynInput computes a value of a request; what fails is an InputError of the pattern. */
export function tfdynInput(pattern: string, attribute: string, value: string, compute: () => AttributeValue): AttributeValue {
  try {
    return compute();
  } catch (e) {
    throw new InputError(pattern, attribute, value, e);
  }
}

/** tfdynRecognise reads a stored item as the one entity a read returns (as: undefined when its key is not the entity's); anything else is an ItemError. */
export function tfdynRecognise<T>(pattern: string, item: tfdynItem, keys: readonly string[], as: (item: tfdynItem) => T | undefined): T {
  let x: T | undefined;
  try {
    x = as(item);
  } catch (e) {
    throw new ItemError(pattern, tfdynKeyText(item, keys), e);
  }
  if (x === undefined) {
    throw new ItemError(pattern, tfdynKeyText(item, keys), new Error("its key is not the one the entity computes"));
  }
  return x;
}

/** tfdynTry reads a stored item as one of the entities a read returns: undefined when it is not one. */
export function tfdynTry<T>(as: (item: tfdynItem) => T | undefined, item: tfdynItem): T | undefined {
  try {
    return as(item);
  } catch {
    return undefined;
  }
}

/**
 * ConditionFailedError is a write whose condition did not hold: nothing was
 * written. error is DynamoDB's ConditionalCheckFailedException, or the
 * TransactionCanceledError of a transaction.
 */
export class ConditionFailedError extends Error {
  override readonly name: string = "ConditionFailedError";
  /** pattern is the write pattern. */
  readonly pattern: string;
  /** entity is the entity of the write whose condition failed (the first one in a transaction). */
  readonly entity: string;
  /** operation is the write: PutItem, UpdateItem or DeleteItem. */
  readonly operation: string;
  /** condition is the condition as the schema writes it. */
  readonly condition: string;
  /** error is the cause. */
  readonly error: unknown;

  constructor(pattern: string, entity: string, operation: string, condition: string, error: unknown) {
    super(pattern + ": " + operation + " of " + entity + ": the condition " + condition + " does not hold");
    this.pattern = pattern;
    this.entity = entity;
    this.operation = operation;
    this.condition = condition;
    this.error = error;
  }
}

/**
 * UniqueViolationError is a write that would give a unique attribute a
 * value another item holds: the guard item of the value exists, and the
 * transaction wrote nothing. error is the TransactionCanceledError.
 */
export class UniqueViolationError extends Error {
  override readonly name: string = "UniqueViolationError";
  /** pattern is the write pattern. */
  readonly pattern: string;
  /** entity is the entity that declares the attribute unique. */
  readonly entity: string;
  /** attribute is the unique attribute. */
  readonly attribute: string;
  /** value is the value taken (a string or a number). */
  readonly value: unknown;
  /** error is the cause. */
  readonly error: unknown;

  constructor(pattern: string, entity: string, attribute: string, value: unknown, error: unknown) {
    super(pattern + ": " + entity + " " + attribute + " " + String(value) + " is taken by another " + entity);
    this.pattern = pattern;
    this.entity = entity;
    this.attribute = attribute;
    this.value = value;
    this.error = error;
  }
}

/**
 * TransactionCanceledError is a transaction DynamoDB cancelled: it wrote
 * nothing. reasons holds the cancellation reason of every write in order
 * (None, ConditionalCheckFailed, TransactionConflict, ...). error is
 * DynamoDB's TransactionCanceledException.
 */
export class TransactionCanceledError extends Error {
  override readonly name: string = "TransactionCanceledError";
  /** pattern is the write pattern. */
  readonly pattern: string;
  /** reasons are the cancellation reasons, one per write sent. */
  readonly reasons: readonly string[];
  /** error is the cause. */
  readonly error: unknown;

  constructor(pattern: string, reasons: readonly string[], error: unknown) {
    super(pattern + ": transaction cancelled [" + reasons.join(" ") + "]");
    this.pattern = pattern;
    this.reasons = reasons;
    this.error = error;
  }
}

/** tfdynWriteInfo describes one write of a write pattern for its errors; unique is the attribute a guard item's put reserves ("" for the pattern's own writes), value its value. */
export interface tfdynWriteInfo {
  readonly entity: string;
  readonly operation: string;
  readonly condition: string;
  readonly unique?: string;
  readonly value?: unknown;
}

/** tfdynWriteError turns DynamoDB's answer to a write pattern into the package's errors: a condition that failed (ConditionFailedError), a taken unique value (UniqueViolationError) and a cancelled transaction (TransactionCanceledError, which the other two hold when the write was a transaction); writes describes what was sent, in order. Other errors are returned as they are. */
export function tfdynWriteError(pattern: string, writes: readonly tfdynWriteInfo[], err: unknown): unknown {
  const e = err as { name?: unknown; CancellationReasons?: readonly { Code?: string | undefined }[] | undefined } | null;
  if (e === null || typeof e !== "object") {
    return err;
  }
  if (e.name === "TransactionCanceledException") {
    const reasons = (e.CancellationReasons ?? []).map((r) => r.Code ?? "");
    const t = new TransactionCanceledError(pattern, reasons, err);
    const failed = reasons.indexOf("ConditionalCheckFailed");
    const w = failed < 0 ? undefined : writes[failed];
    if (w === undefined) {
      return t;
    }
    if (w.unique !== undefined && w.unique !== "") {
      return new UniqueViolationError(pattern, w.entity, w.unique, w.value, t);
    }
    return new ConditionFailedError(pattern, w.entity, w.operation, w.condition, t);
  }
  const w = writes[0];
  if (e.name === "ConditionalCheckFailedException" && w !== undefined) {
    return new ConditionFailedError(pattern, w.entity, w.operation, w.condition, err);
  }
  return err;
}

/** tfdynQuery is a query builder's state: the key condition so far (a constant of the package), its names and values, and the options. */
export interface tfdynQuery {
  readonly name: string;
  readonly table: string;
  readonly index: string;
  readonly cond: string;
  readonly names: Record<string, string>;
  readonly values: tfdynItem;
  readonly desc: boolean;
  readonly limit: number;
}

/** tfdynStep returns the query with one more condition: its key condition and names, and the values it adds. */
export function tfdynStep(q: tfdynQuery, cond: string, names: Record<string, string>, values: tfdynItem): tfdynQuery {
  return { ...q, cond, names, values: { ...q.values, ...values } };
}

/** tfdynQueryRequest is the Query request of a builder after a cursor, and what its cursors are bound to. */
export function tfdynQueryRequest(q: tfdynQuery, after: string | undefined): { request: QueryCommandInput; binding: string } {
  const request: QueryCommandInput = {
    TableName: q.table,
    KeyConditionExpression: q.cond,
    ExpressionAttributeNames: q.names,
    ExpressionAttributeValues: q.values,
    ScanIndexForward: !q.desc,
  };
  if (q.index !== "") {
    request.IndexName = q.index;
  }
  if (q.limit > 0) {
    request.Limit = q.limit;
  }
  const binding = tfdynBinding(q.name + " " + q.cond, q.values);
  if (after !== undefined) {
    request.ExclusiveStartKey = tfdynDecodeCursor(after, q.name, binding);
  }
  return { request, binding };
}
