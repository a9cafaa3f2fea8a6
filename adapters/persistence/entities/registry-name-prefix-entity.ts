import { EntitySchema } from '@mikro-orm/core';

/**
 * Guest search's index: for each listed open registry, every beginning (3 to 12 characters,
 * letter case folded) of every word of the child's name, beside the name and date it is ordered
 * by. Written only by the database's triggers on registries (migration RegistryNamePrefixes), so
 * the app, the CLI and raw SQL all keep it right; no repository writes it.
 */
export interface RegistryNamePrefixRow {
  prefix: string;
  childName: string;
  celebrationDate: Date;
  registryId: string;
}

export const RegistryNamePrefixEntity = new EntitySchema<RegistryNamePrefixRow>({
  name: 'RegistryNamePrefix',
  tableName: 'registry_name_prefixes',
  // The key is the search's order: one prefix's registries walked by name, date and id, so the first
  // 20 are read without sorting every registry sharing a common prefix such as "ari". No foreign
  // key and no index of registry_id: the triggers find a registry's rows by this key (they can
  // recompute its prefixes), and a check per row (ten per registry) doubled the cost of writing.
  properties: {
    prefix: { type: 'string', length: 12, primary: true },
    childName: { type: 'string', length: 255, primary: true },
    celebrationDate: { type: 'datetime', primary: true },
    registryId: { type: 'uuid', fieldName: 'registry_id', primary: true },
  },
});
