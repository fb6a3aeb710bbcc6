//! What an operator's tooling asks a running server: `/healthz` (the process answers), `/readyz`
//! (database reachable, schema current, projections caught up), and Prometheus metrics at
//! `/metrics` (behind the operator token, or on a separate private address), recorded by a
//! middleware for every request and by the layers below for commands, payments and SMS.

use std::sync::OnceLock;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use serde_json::json;

use crate::state::AppState;

/// Seconds: from a cached read to a slow export.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The process-wide recorder (metrics are global; several apps in one test process share it).
pub fn recorder() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(
                Matcher::Full("jpmall_http_request_duration_seconds".into()),
                LATENCY_BUCKETS,
            )
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was already installed; /metrics shows only its own");
        }
        handle
    })
}

/// Counts every request by route (the route's pattern, never the raw path, so ids do not multiply
/// the series), method and status, and times it.
pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "(other)".to_string());
    let method = request.method().as_str().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!("jpmall_http_requests_total", "route" => route.clone(), "method" => method.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("jpmall_http_request_duration_seconds", "route" => route, "method" => method)
        .record(started.elapsed().as_secs_f64());
    response
}

/// `GET /healthz`: the process is up and answering.
pub async fn healthz() -> Response {
    Json(json!({"status": "ok"})).into_response()
}

/// Each projection's lag in events; also published as a gauge.
async fn projection_lags(state: &AppState) -> Result<Vec<(&'static str, i64)>, String> {
    let mut lags = Vec::new();
    for projection in state.projections.iter() {
        let lag = projection
            .lag()
            .await
            .map_err(|e| format!("{}: {e:#}", projection.name()))?;
        metrics::gauge!("jpmall_projection_lag_events", "projection" => projection.name()).set(lag as f64);
        lags.push((projection.name(), lag));
    }
    Ok(lags)
}

/// `GET /readyz`: 200 when the database answers, every migration this binary knows is applied, this
/// server's data folder is the one the database's servers use, and no projection trails the log by
/// more than the configured bound; 503 naming what is not.
pub async fn readyz(State(state): State<AppState>) -> Response {
    let mut problems: Vec<String> = Vec::new();
    let database = match sqlx::query("SELECT 1").execute(&state.db.pool).await {
        Ok(_) => "ok".to_string(),
        Err(e) => {
            problems.push(format!("database: {e}"));
            "unreachable".to_string()
        }
    };
    let migrations = match state.db.migration_status().await {
        Ok((applied, known)) => {
            if applied < known {
                problems.push(format!("migrations: {applied} of {known} applied"));
            }
            json!({"applied": applied, "known": known})
        }
        Err(e) => {
            problems.push(format!("migrations: {e:#}"));
            serde_json::Value::Null
        }
    };
    match state.data_folder.problem(&state.db).await {
        Ok(None) => {}
        Ok(Some(problem)) | Err(problem) => problems.push(problem),
    }
    let bound = state.config.operations.ready_max_lag;
    let projections = match projection_lags(&state).await {
        Ok(lags) => {
            for (name, lag) in &lags {
                if *lag > bound {
                    problems.push(format!(
                        "projection {name} is {lag} events behind (bound {bound})"
                    ));
                }
            }
            lags.into_iter()
                .map(|(name, lag)| json!({"name": name, "lag": lag}))
                .collect::<Vec<_>>()
        }
        Err(e) => {
            problems.push(format!("projections: {e}"));
            Vec::new()
        }
    };
    let ready = problems.is_empty();
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = json!({
        "ready": ready,
        "database": database,
        "migrations": migrations,
        "projections": projections,
        "problems": problems,
    });
    (status, Json(body)).into_response()
}

/// The operator token, as `operator-token` or as `Authorization: Bearer` (what Prometheus sends).
fn has_operator_token(state: &AppState, headers: &HeaderMap) -> bool {
    let given = headers
        .get("operator-token")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .or_else(|| {
            headers
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::trim)
        })
        .unwrap_or("");
    !given.is_empty() && crate::keys::same_secret(given, &state.operator_token)
}

async fn render_metrics(state: &AppState) -> Response {
    // Lag is measured when scraped, so the figure is never older than the scrape.
    if let Err(e) = projection_lags(state).await {
        tracing::warn!("projection lag not measured: {e}");
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        recorder().render(),
    )
        .into_response()
}

/// `GET /metrics` on the main address: the operator token is required.
pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if !has_operator_token(&state, &headers) {
        return crate::error::AppError::Forbidden.into_response();
    }
    render_metrics(&state).await
}

/// `GET /metrics` on the private metrics address: no credential, it is not on the public network.
async fn open_metrics(State(state): State<AppState>) -> Response {
    render_metrics(&state).await
}

/// The router of the separate metrics address (`JPMALL_METRICS_ADDR`).
pub fn private_router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(open_metrics))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(state)
}
