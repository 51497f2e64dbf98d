import type { Chainbill } from 'chainbill';

/**
 * Every method reachable from a client's resources, enumerated from the live instance rather than
 * from a list kept by hand, so a new method is found the day it is added.
 *
 * @param client - A constructed client.
 * @returns `payouts.create`, `payouts.settlements.list`, …, sorted and without duplicates.
 */
export function resourceMethods(client: Chainbill): string[] {
  const names: string[] = [];
  const walk = (value: object, prefix: string): void => {
    for (
      let proto = Object.getPrototypeOf(value);
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        // `_core` is APIResource's protected plumbing, not a part of the surface.
        if (
          name !== 'constructor' &&
          !name.startsWith('_') &&
          typeof (value as Record<string, unknown>)[name] === 'function'
        ) {
          names.push(`${prefix}${name}`);
        }
      }
    }
    for (const [name, child] of Object.entries(value)) {
      if (typeof child === 'object' && child !== null && name !== '_core') walk(child, `${prefix}${name}.`);
    }
  };
  for (const [name, resource] of Object.entries(client)) {
    if (typeof resource === 'object' && resource !== null) walk(resource, `${name}.`);
  }
  return [...new Set(names)].sort();
}
