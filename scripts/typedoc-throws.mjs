/**
 * TypeDoc plugin for the API reference (npm run docs): each `@throws {RequestValidationError} …`
 * shows its class. TypeDoc reads `{…}` after a block tag as a JSDoc type annotation and drops it;
 * typedoc.json keeps it for `@throws` (`preservedTypeAnnotationTags`), and this plugin puts it at
 * the head of the tag's text: a link to the class's page when the site has one, its name as code
 * otherwise (a built-in such as `RangeError`). scripts/check-site-links.mjs fails on a "Throws"
 * that shows no class.
 */
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project = context.project;
    /** The project's classes and interfaces by name, for the links. */
    const byName = new Map();
    for (const reflection of project.getReflectionsByKind(ReflectionKind.Class | ReflectionKind.Interface))
      if (!byName.has(reflection.name)) byName.set(reflection.name, reflection);
    for (const reflection of Object.values(project.reflections)) {
      const comments = [reflection.comment, ...(reflection.signatures ?? []).map((s) => s.comment)];
      for (const comment of comments)
        for (const tag of comment?.blockTags ?? []) {
          if (tag.tag !== '@throws' || !tag.typeAnnotation) continue;
          const names = tag.typeAnnotation
            .replace(/^\{|\}$/g, '')
            .split('|')
            .map((name) => name.trim());
          const head = names.flatMap((name, i) => [
            ...(i > 0 ? [{ kind: 'text', text: ' or ' }] : []),
            byName.has(name)
              ? { kind: 'inline-tag', tag: '@link', text: name, target: byName.get(name) }
              : { kind: 'code', text: `\`${name}\`` },
          ]);
          tag.content = [...head, { kind: 'text', text: ' ' }, ...tag.content];
          delete tag.typeAnnotation;
        }
    }
  });
}
