export * from './codec.js';
export * from './scope.js';
export * from './primitives.js';
export * from './struct.js';
export * from './array.js';
export * from './pointer.js';
export * from './scoped.js';
export * from './decode.js';
export * from './combinators.js';
export * from './union.js';
export * from './signed.js';
export * from './compile.js';
export {
  compiledReaderStatus,
  declarationSignature,
  onStaleCompiledReader,
  refuseAgain,
  withCompiledReader,
  type CompiledHook,
  type CompiledRead,
  type CompiledReader,
  type CompiledReaderStatus,
  type StaleReaderSink,
} from './compiled.js';
