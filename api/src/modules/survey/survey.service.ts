import { markSurveyAnswered } from '../users/users.service';
import { SurveyAnswerModel } from './survey-answer.model';

/** Stores the answers (a second submission replaces the first) and clears the survey flag. */
export async function submitSurvey(
  userId: string,
  answers: { role: string; teamSize: string; goal: string },
): Promise<void> {
  await SurveyAnswerModel.updateOne({ userId }, { $set: { ...answers, userId } }, { upsert: true });
  await markSurveyAnswered(userId);
}
