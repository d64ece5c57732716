/** The query of a page the identity provider's emails link to. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The one-time code (`oobCode`) of such a link; null when the link lost it. */
export async function actionCode(searchParams: SearchParams): Promise<string | null> {
  const { oobCode } = await searchParams;
  return typeof oobCode === "string" && oobCode ? oobCode : null;
}
