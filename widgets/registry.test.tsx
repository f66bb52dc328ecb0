// Every code of the type registry has its widget folder complete: meta, Widget, View, a story
// file and a test file — derived from the registry and the file system, so a new code without
// them fails here (and a code missing from the registry fails the build).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES, FIELD_TYPES, TYPE_CODES, typeInfo, type TypeCode } from '../schemas';
import { allWidgets, getWidget, widgetRegistry } from './registry';

const here = path.dirname(new URL(import.meta.url).pathname);

describe('widget registry', () => {
  it('has exactly the codes of the type registry', () => {
    expect(
      Object.keys(widgetRegistry)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...TYPE_CODES].sort((a, b) => a - b));
    expect(allWidgets()).toHaveLength(Object.keys(FIELD_TYPES).length + Object.keys(COMPONENT_TYPES).length);
  });

  it('answers undefined for an unknown code', () => {
    expect(getWidget(123456)).toBeUndefined();
  });

  for (const code of TYPE_CODES) {
    const info = typeInfo(code);
    describe(`${code} ${info.name['zh-CN']} (${info.id})`, () => {
      const def = getWidget(code as TypeCode);
      const folder = path.join(here, info.id);

      it('has meta matching the type registry', () => {
        expect(def.meta.code).toBe(code);
        expect(def.meta.typeId).toBe(info.id);
        expect(def.meta.group).toBe(info.kind);
        expect(def.meta.name).toEqual(info.name);
        expect(def.meta.icon).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
        expect(def.meta.defaults.type).toBe(code);
        const props = (def.meta.properties as { properties: Record<string, unknown> }).properties;
        expect(props).toHaveProperty('label');
        expect(props).toHaveProperty('key');
      });

      it('says how a form lays it out and how tall its stand-in is', () => {
        expect(['inline', 'full-row', 'block']).toContain(def.meta.layout);
        // full-row types hold no value; a value field is inline or a block
        expect(def.meta.layout === 'full-row').toBe(!info.holdsValue);
        expect(def.meta.placeholder.height).toBeGreaterThanOrEqual(32);
        expect(typeof def.meta.placeholder.bordered).toBe('boolean');
      });

      it('has a Widget and a View', () => {
        expect(typeof def.Widget).toBe('function');
        expect(typeof def.View).toBe('function');
      });

      it('has its folder with meta, Widget, View, a story and a test', () => {
        expect(existsSync(folder), folder).toBe(true);
        const files = readdirSync(folder);
        expect(files).toContain('meta.ts');
        expect(files).toContain('Widget.tsx');
        expect(files).toContain('View.tsx');
        expect(
          files.some((f) => f.endsWith('.stories.tsx')),
          `${info.id}: no story`,
        ).toBe(true);
        expect(
          files.some((f) => /\.test\.tsx?$/.test(f)),
          `${info.id}: no test`,
        ).toBe(true);
      });
    });
  }
});
