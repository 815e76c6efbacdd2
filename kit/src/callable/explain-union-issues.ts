import { z } from 'zod';

type Issue = z.core.$ZodIssue;

const atRoot = (branch: readonly Issue[], code: Issue['code']) =>
  branch.some((issue) => issue.code === code && issue.path.length === 0);

/** The branch of a failed union the value was meant for: the one whose shape it has, if only one. */
function meantBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  const typed = branches.filter((branch) => !atRoot(branch, 'invalid_type'));
  const shaped = typed.length > 1 ? typed.filter((branch) => !atRoot(branch, 'unrecognized_keys')) : typed;
  return shaped.length === 1 ? shaped[0] : undefined;
}

function explain(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
  const branch = meantBranch(issue.errors);
  if (!branch) return [issue];
  return branch.flatMap((inner) => explain({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

/**
 * The error with each failed union replaced by the issues of the branch the client meant, so
 * `message: Invalid input` becomes `message: must have at most 16 parts` or `message.0.text: …`.
 */
export function explainUnionIssues(error: z.ZodError): z.ZodError {
  if (!error.issues.some((issue) => issue.code === 'invalid_union')) return error;
  return new z.ZodError(error.issues.flatMap(explain));
}
