// How a button message lays out its options (spec part 1 §5 "Option layout"). The rules are
// applied in the order the spec states them; the first that matches decides.

export type OptionLayout = 'stack' | 'grid-2' | 'grid-3' | 'list';

/** Labels are measured in characters as a person counts them (code points, not UTF-16 units). */
const lengthOf = (label: string): number => Array.from(label).length;

export function optionLayout(options: readonly { body: string; icon?: string }[], multiSelect = false): OptionLayout {
  const hasIcons = options.some((o) => typeof o.icon === 'string' && o.icon !== '');
  if (multiSelect) return hasIcons ? 'stack' : 'grid-2';
  const count = options.length;
  const longest = options.reduce((max, o) => Math.max(max, lengthOf(o.body)), 0);
  if (count <= 1) return 'stack';
  if (count === 2) return longest <= 13 ? 'grid-2' : 'stack';
  if (hasIcons) return count > 6 ? 'list' : 'stack';
  if (count > 18) return 'list';
  if (longest <= 8 && count % 3 === 0) return 'grid-3';
  if (longest <= 13 && count % 2 === 0) return count > 12 ? 'list' : 'grid-2';
  return count > 6 ? 'list' : 'stack';
}
