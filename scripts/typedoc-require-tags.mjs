/**
 * TypeDoc plugin for the API reference (npm run docs).
 *
 * 1. The house rules typedoc's own `notDocumented` check does not cover (STYLE.md rule 5). For
 *    every function, method and constructor signature:
 *    - each parameter has a `@param` text;
 *    - a signature that returns something (not `void`, not `Promise<void>`) has `@returns`;
 *    - a method of a resource class (one that extends `APIResource`) has an `@example`.
 *    Each miss is a warning, an error under `treatWarningsAsErrors`.
 * 2. Enum types written once as `export type PayoutStatus = (typeof payoutStatuses)[number]` are
 *    shown as their union of literals (typedoc's `@useDeclaredType`), not as a reference to an
 *    array the package does not export.
 */
import { Application, Converter, ReflectionKind } from 'typedoc';
import ts from 'typescript';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.TypeAlias) || !reflection.comment) return;
    const declaration = context
      .getSymbolFromReflection(reflection)
      ?.declarations?.find((d) => ts.isTypeAliasDeclaration(d));
    const type = declaration?.type;
    if (!type || !ts.isIndexedAccessTypeNode(type)) return;
    const object = ts.isParenthesizedTypeNode(type.objectType) ? type.objectType.type : type.objectType;
    if (ts.isTypeQueryNode(object)) {
      reflection.comment.modifierTags.add('@useDeclaredType');
    }
  });
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    const kinds = ReflectionKind.CallSignature | ReflectionKind.ConstructorSignature;
    for (const signature of project.getReflectionsByKind(kinds)) {
      check(app, /** @type {import('typedoc').SignatureReflection} */ (signature));
    }
  });
}

/**
 * @param {import('typedoc').Application} app
 * @param {import('typedoc').SignatureReflection} signature
 */
function check(app, signature) {
  if (signature.inheritedFrom) return; // documented where it is declared
  const owner = signature.parent;
  // Function types of parameters and properties (callbacks, `fetch`) are described by their owner.
  if (!owner.kindOf(ReflectionKind.Function | ReflectionKind.Method | ReflectionKind.Constructor)) return;
  const name = owner.getFriendlyFullName();
  for (const param of signature.parameters ?? []) {
    if (!param.comment?.summary.some((part) => part.text.trim() !== '')) {
      app.logger.warn(`${name}: parameter \`${param.name}\` has no @param text`);
    }
  }
  const isConstructor = signature.kindOf(ReflectionKind.ConstructorSignature);
  const type = signature.type?.toString() ?? 'void';
  if (
    !isConstructor &&
    type !== 'void' &&
    type !== 'Promise<void>' &&
    !signature.comment?.getTag('@returns')
  ) {
    app.logger.warn(`${name}: returns ${type} but has no @returns`);
  }
  const cls = owner.parent;
  const isResourceMethod =
    owner.kindOf(ReflectionKind.Method) &&
    cls?.kindOf(ReflectionKind.Class) &&
    /** @type {import('typedoc').DeclarationReflection} */ (cls).extendedTypes?.some(
      (base) => base.toString() === 'APIResource',
    );
  if (isResourceMethod && !signature.comment?.getTag('@example')) {
    app.logger.warn(`${name}: resource method without an @example`);
  }
}
