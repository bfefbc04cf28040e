/** Otsu's threshold of 8-bit pixels: the level that best separates ink from paper. */
export const otsuThreshold = (pixels: Uint8Array): number => {
  const hist = new Float64Array(256)
  for (let i = 0; i < pixels.length; i++) hist[pixels[i]!]!++
  return otsuThresholdOf(hist, pixels.length)
}

/** Otsu's threshold from a histogram of the 256 levels of `total` pixels. */
export const otsuThresholdOf = (hist: Float64Array, total: number): number => {
  let sum = 0
  for (let t = 0; t < 256; t++) sum += t * hist[t]!
  let sumBelow = 0, below = 0, best = -1, threshold = 127
  for (let t = 0; t < 256; t++) {
    below += hist[t]!
    if (below === 0) continue
    const above = total - below
    if (above === 0) break
    sumBelow += t * hist[t]!
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2
    if (between > best) {
      best = between
      threshold = t
    }
  }
  return threshold
}
