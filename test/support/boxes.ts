import type { Box } from "../../src/Domain/PageModel.js"

/** A normalized box: every coordinate in 0..1 and a positive width and height. */
export const inUnit = (b: Box): boolean => b.every((n) => n >= 0 && n <= 1) && b[0] < b[2] && b[1] < b[3]
