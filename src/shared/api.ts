/** Shapes of what the API answers, read by the browser and produced by the server. */

/** An inquiry as stored and as listed to the administrator. */
export interface Inquiry {
  id: string;
  name: string;
  email: string;
  phone?: string;
  puppy?: string;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** POST /api/inquiries answers 201 with this. */
export interface InquiryCreated {
  id: string;
  createdAt: string;
}

/** The signed-in user as the API shows it: never the password hash. */
export interface PublicUser {
  id: string;
  username: string;
}

/** Every 4xx/5xx JSON answer. `errors` maps a field to the spec's message for it. */
export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}
