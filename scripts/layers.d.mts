/** The layer order of src/ (scripts/layers.mjs): top first; a module may import its own layer or any below it. */
export declare const LAYERS: readonly (readonly [layer: string, paths: readonly string[]])[];
/** The rank of a module's layer (0 is the top), or undefined when no layer claims it. */
export declare function layerOf(file: string): number | undefined;
