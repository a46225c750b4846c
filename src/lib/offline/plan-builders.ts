import type { DownloadRecord } from '../db/database';
import type { AnswersAtHand, DownloadPlan, PlanParams } from './download-plan';

/**
 * How to make each kind's plan again from the data its download record keeps: plans are code,
 * so a download cut short before its files were listed needs its plan back to carry on, and the
 * item's page may not be open. The app registers one builder per kind at start (the builders live
 * with their features); they run without React.
 */
export type PlanBuilder = (
  params: PlanParams,
  record: DownloadRecord,
  /** A lesson file's answers, when the plan is made to check one. */
  atHand?: AnswersAtHand,
) => DownloadPlan | undefined | Promise<DownloadPlan | undefined>;

const builders = new Map<DownloadPlan['kind'], PlanBuilder>();

export function registerPlanBuilder(kind: DownloadPlan['kind'], build: PlanBuilder): void {
  builders.set(kind, build);
}

/** The record's plan made again, or undefined (no builder, or a record written without params). */
export async function rebuildPlan(
  record: DownloadRecord,
  atHand?: AnswersAtHand,
): Promise<DownloadPlan | undefined> {
  const build = builders.get(record.kind);
  if (!build || !record.planParams) return undefined;
  return build(record.planParams, record, atHand);
}

/** A path segment as a pattern of itself (ids and slugs, for DownloadPlan.ownsPath). */
export const segment = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
