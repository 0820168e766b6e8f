import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

const surveyAnswerSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true, unique: true },
    role: { type: String, required: true },
    teamSize: { type: String, required: true },
    goal: { type: String, default: '' },
  },
  { timestamps: true },
);

export type SurveyAnswer = InferSchemaType<typeof surveyAnswerSchema>;
export const SurveyAnswerModel = model('SurveyAnswer', surveyAnswerSchema);
