// heic-convert ships no types; this covers the one call the pipeline makes.
declare module 'heic-convert' {
  interface ConvertOptions {
    buffer: Uint8Array;
    format: 'JPEG' | 'PNG';
    /** 0..1, JPEG only. */
    quality?: number;
  }
  function convert(options: ConvertOptions): Promise<ArrayBuffer | Uint8Array>;
  export default convert;
}
