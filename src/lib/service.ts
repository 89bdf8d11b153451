/**
 * The operations every face shares (the CLI, the HTTP API and the page call the same ones): one
 * request per operation for every ruleset and both conventions; the service chooses the method
 * (closed form, proved period, kernel, search, oracle) and reports it. Grundy sequences come through
 * a port: pass `engineSequences` to compute them in this thread.
 * @module
 */
export * from '../service/operations.ts';
export { analyzePosition, engineMove, verifiedAnalysis } from '../service/analyze.ts';
export { countPositions, verifiedCount } from '../service/count.ts';
export { openPlay } from '../service/play.ts';
export type { PlaySession, PlayMove } from '../service/play.ts';
export type { AnalyzeRequest, CountRequest, MoveRequest, PositionInput, Limits } from '../service/requests.ts';
export { engineSequences } from '../service/sequences.ts';
export type { SequenceSource } from '../service/sequences.ts';
export { heapValuesUpTo } from '../service/heap-values.ts';
export { grundyWindow, analyzeLargeHeaps, countLargeHeaps, withKnownValues } from '../service/large-heaps.ts';
export { valuesWindow, type ValuesWindow } from '../service/grundy-window.ts';
export type * from '../service/replies.ts';
