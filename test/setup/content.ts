import { compileContent } from './build';

/** The content under test, compiled once for the stores' tests (see test/setup/build.ts). */
export default compileContent;
