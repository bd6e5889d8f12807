import type { CompiledContent } from '../app/utils/content/schema';

// Placeholder replaced by the real pdfkit renderer.
export async function writeResumePdf(_content: CompiledContent, _file: string): Promise<void> {}
