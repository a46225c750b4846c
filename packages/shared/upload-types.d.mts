export declare const UPLOAD_REFUSED: string;
export declare const UPLOAD_TYPES: ReadonlyArray<{
  mime: string;
  kind: 'image' | 'audio' | 'video' | 'document' | 'captions';
  label: string;
  exts: string[];
  sniffed: string[];
  declared: string[];
}>;
export declare function sniffedMime(
  binaryMime: string | undefined,
  head: Uint8Array,
): string | undefined;
export declare function admitUpload(file: {
  sniffed: string | undefined;
  filename: string;
  declared?: string | null;
  keepExt?: string;
}): { ok: true; mime: string; filename: string } | { ok: false; message: string };
export declare const SERVED_FILE_CSP: string;
export declare const MEDIA_FILE_CSP: string;
export declare function servedFileHeaders(
  pathname: string,
  contentType?: string | null,
): Record<string, string>;
export declare function isServedFilePath(path: string): boolean;
export declare function typeOfStoredFile(pathname: string): string | null;
