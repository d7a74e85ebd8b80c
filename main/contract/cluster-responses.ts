// Answers of the write endpoints (cluster-api.md, Endpoints); the models they refer to are in models.ts.

interface Open {
  [field: string]: unknown;
}

export interface JobRegisterResponse extends Open {
  EvalID: string;
  EvalCreateIndex: number;
  JobModifyIndex: number;
  Warnings?: string;
}

export type JobEvalResponse = JobRegisterResponse;

export interface JobDispatchResponse extends Open {
  Index: number;
  JobCreateIndex: number;
  EvalCreateIndex: number;
  EvalID: string;
  DispatchedJobID: string;
}

export interface JobStabilityResponse extends Open {
  JobModifyIndex: number;
}

export interface PeriodicForceResponse extends Open {
  EvalCreateIndex: number;
  EvalID: string;
}

export interface AllocStopResponse extends Open {
  EvalID: string;
  Index: number;
}

export interface NodeEvalResponse extends Open {
  EvalCreateIndex: number;
  EvalIDs: string[] | null;
  Index: number;
  NodeModifyIndex: number;
}
