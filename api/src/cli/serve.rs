//! What `jpmall serve` runs: the HTTP server, the housekeeping beside it, and the graceful stop.

use std::net::SocketAddr;

use anyhow::Context;

use super::describe;
use crate::app;
use crate::config::Config;

pub(super) async fn serve(config: Config, addr: SocketAddr) -> anyhow::Result<()> {
    let engine = describe(&config);
    let token_note = match &config.operator_token {
        Some(_) => "operator token: from JPMALL_OPERATOR_TOKEN".to_string(),
        None => format!(
            "operator token: in {}",
            crate::keys::operator_token_path(&config.data_dir).display()
        ),
    };
    // Every server on a data folder holds this shared, so a restore cannot swap the database under one.
    let lock = crate::backup::serve_lock(&config.data_dir)?;
    if lock.try_lock_shared().is_err() {
        anyhow::bail!("a restore is running on {}", config.data_dir.display());
    }
    let app = app::open(config).await?;
    if let Ok(Some(problem)) = app.state.data_folder.problem(&app.state.db).await {
        // Logged as it opened; said here too, where an operator starting it by hand looks.
        println!("WARNING: {problem}");
    }
    let cut_off = commands::excel_jobs::fail_unfinished(&app.state.db, commands::clock::now()).await?;
    if cut_off > 0 {
        tracing::warn!(
            jobs = cut_off,
            "Excel jobs cut off by the last stop marked failed"
        );
    }
    let imports_cut_off =
        commands::catalog::import_record::fail_unfinished(&app.state.db, commands::clock::now()).await?;
    if imports_cut_off > 0 {
        tracing::warn!(
            imports = imports_cut_off,
            "product imports cut off by the last stop marked failed"
        );
    }
    let router = crate::router(app.state.clone());
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    app.state.payments.serving_at(&format!("http://{local}"));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let on_stop = |mut stopping: tokio::sync::watch::Receiver<bool>| async move {
        let _ = stopping.wait_for(|stop| *stop).await;
    };
    let housekeeping = tokio::spawn(complete_due_orders(app.state.clone(), stopping.clone()));
    tokio::spawn(app.state.ranking.clone().follow(stopping.clone()));
    tokio::spawn(app.state.listing_notices.clone().follow(stopping.clone()));
    println!("jpmall serving http://{local} on {engine}");
    println!("{token_note}");
    if let Some(metrics_addr) = app.state.config.operations.metrics_addr {
        let listener = tokio::net::TcpListener::bind(metrics_addr)
            .await
            .with_context(|| format!("cannot listen on {metrics_addr} for metrics"))?;
        println!(
            "metrics and health checks on http://{}/metrics",
            listener.local_addr()?
        );
        let private = crate::operations::private_router(app.state.clone());
        let until = on_stop(stopping.clone());
        tokio::spawn(async move { axum::serve(listener, private).with_graceful_shutdown(until).await });
    }
    if app.state.payments.simulator_on() {
        let warning = "PAYMENT SIMULATOR ON: top-ups and QR payments are confirmed on this server's own /pay \
                       pages, where anyone can 'pay' any amount. It is a development tool: set \
                       JPMALL_PAYMENT_GATEWAY=none (or configure a real gateway) on a server that holds real money";
        println!("{warning}");
        tracing::warn!("{warning}");
    }
    let server = axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(on_stop(stopping.clone()));
    let mut server = tokio::spawn(async move { server.await });
    tokio::select! {
        ended = &mut server => {
            ended.context("the server task failed")?.context("the server stopped")?;
        }
        () = shutdown_signal() => {
            stop_gracefully(&app, stop, server, housekeeping).await;
        }
    }
    app.state.db.close().await;
    drop(lock);
    println!("jpmall stopped");
    Ok(())
}

/// After SIGTERM or Ctrl-C: no new connections; in-flight requests, then background jobs, get the
/// shutdown grace to finish. What is cut off after that is settled at the next start.
pub(super) async fn stop_gracefully(
    app: &app::App,
    stop: tokio::sync::watch::Sender<bool>,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
    housekeeping: tokio::task::JoinHandle<()>,
) {
    let grace = std::time::Duration::from_secs(app.state.config.operations.shutdown_grace_seconds);
    let deadline = tokio::time::Instant::now() + grace;
    tracing::info!(
        grace_seconds = grace.as_secs(),
        "stopping: finishing in-flight requests and background jobs"
    );
    let _ = stop.send(true);
    if tokio::time::timeout_at(deadline, server).await.is_err() {
        tracing::warn!("requests still running when the grace ran out; stopping anyway");
    }
    let jobs = &app.state.jobs;
    jobs.close();
    if tokio::time::timeout_at(deadline, jobs.wait()).await.is_err() {
        tracing::warn!(
            jobs = jobs.len(),
            "background jobs cut off when the grace ran out; they are marked failed at the next start"
        );
    }
    let _ = tokio::time::timeout_at(deadline, housekeeping).await;
    tracing::info!("stopped");
}

/// How often shipped orders past their days are completed.
pub(super) const AUTO_COMPLETE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(600);

/// The order housekeeping of a serving process, every ten minutes: automatic completion, and stock
/// reservations a crashed process left behind.
pub(super) async fn complete_due_orders(
    state: crate::state::AppState,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let mut ticks = tokio::time::interval(AUTO_COMPLETE_INTERVAL);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = stopping.wait_for(|stop| *stop) => return,
        }
        let now = commands::clock::now();
        match commands::orders::placing::settle_reservations(
            &state.db,
            crate::app::RESERVATION_GRACE_SECONDS,
            now,
        )
        .await
        {
            Ok((0, 0)) => {}
            Ok((placed, released)) => tracing::info!(placed, released, "settled stock reservations"),
            Err(error) => tracing::error!("settling stock reservations failed: {error:#}"),
        }
        let days = state.config.auto_complete_days;
        match commands::orders::operator::complete_due(&state.db, &state.orders, days, commands::clock::now())
            .await
        {
            Ok(0) => {}
            Ok(completed) => tracing::info!(completed, "orders completed automatically"),
            Err(error) => tracing::error!("automatic completion failed: {error:#}"),
        }
    }
}

pub(super) async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
