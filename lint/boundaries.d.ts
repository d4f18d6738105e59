import type { Linter } from 'eslint';

/** The flat-config blocks of the boundary rules for the tree at `root`. */
export function boundaryConfig(root: string): Linter.Config[];
