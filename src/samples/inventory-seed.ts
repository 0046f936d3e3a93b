/** The inventory corpus's default PRNG seed, apart from the generator so the CLI's help can show it without loading it. */
export const INVENTORY_DEFAULT_SEED = 1;
