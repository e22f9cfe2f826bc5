import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

// `_category_.json` / `_category_.yml`: the folder's sidebar metadata, as Docusaurus reads it.
const categoryLinkSchema = z.union([
  z.object({ type: z.literal('doc'), id: z.string() }),
  z.object({
    type: z.literal('generated-index'),
    slug: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
  }),
]);

const categorySchema = z.looseObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  link: categoryLinkSchema.nullable().optional(),
});

export type CategoryMetadata = z.infer<typeof categorySchema>;

export const categoryFileNames = ['_category_.json', '_category_.yml', '_category_.yaml'] as const;

/** Parses a category file's text; a problem comes back as a message with the fix. */
export function parseCategoryFile(
  fileName: string,
  text: string,
): { metadata: CategoryMetadata } | { problem: string; hint: string } {
  let value: unknown;
  try {
    value = fileName.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    return {
      problem: `Cannot parse ${fileName}: ${(error as Error).message.split('\n')[0]}`,
      hint: 'Fix its syntax, e.g. {"label": "Guides", "position": 2}.',
    };
  }
  const result = categorySchema.safeParse(value ?? {});
  if (result.success) return { metadata: result.data };
  const issue = result.error.issues[0]!;
  return {
    problem: `Field \`${issue.path.join('.')}\` of ${fileName} is invalid: ${issue.message}`,
    hint: 'Allowed fields: label (text), position (number), collapsed, collapsible (true/false), className, link ({type: "doc", id}, {type: "generated-index", title?, description?, slug?} or null).',
  };
}
