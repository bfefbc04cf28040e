/** A seeded random source (mulberry32): the same seed gives the same synthetic set on every machine. */
export interface Random {
  /** Uniform in [0, 1). */
  readonly next: () => number
  /** Integer in [min, max]. */
  readonly int: (min: number, max: number) => number
  readonly pick: <A>(xs: ReadonlyArray<A>) => A
  readonly chance: (p: number) => boolean
  readonly shuffle: <A>(xs: ReadonlyArray<A>) => Array<A>
  /** A new independent source derived from this one and a label (so adding documents of one kind leaves the others unchanged). */
  readonly fork: (label: string) => Random
}

const hash = (s: string): number => {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

export const random = (seed: number | string): Random => {
  let a = typeof seed === "number" ? seed >>> 0 : hash(seed)
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const self: Random = {
    next,
    int,
    pick: (xs) => xs[int(0, xs.length - 1)]!,
    chance: (p) => next() < p,
    shuffle: (xs) => {
      const out = [...xs]
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[out[i], out[j]] = [out[j]!, out[i]!]
      }
      return out
    },
    fork: (label) => random(hash(`${a}:${label}`))
  }
  return self
}
