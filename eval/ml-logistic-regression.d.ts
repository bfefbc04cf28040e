/** The part of ml-logistic-regression's API the confidence fit uses (the package ships no types). */
declare module "ml-logistic-regression" {
  import type { Matrix } from "ml-matrix"
  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number })
    train(X: Matrix, Y: Matrix): void
    readonly classifiers: Array<{ readonly weights: Matrix; testScores(X: Matrix): Array<number> }>
  }
}
