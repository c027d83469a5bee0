export { CornerSampleButton, SampleSetButton } from './CornerSampleButton.tsx';
export { SAMPLES_QUERY_KEY, useAddSamples, useSampleStatus } from './samples-api.ts';
