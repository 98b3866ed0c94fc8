"""TF 1.x's initializers, local Variables, streaming metrics and dataset iterators in a
Session (values and names checked by hand against TF 2.21)."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


# --- initializers (re)assign the initial value ------------------------------------------------
def test_running_an_initializer_puts_the_initial_value_back():
    with tf.Graph().as_default():
        v = tf.Variable(1.0)
        inc = v.assign_add(1.0)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            assert [sess.run(inc), sess.run(inc)] == [2.0, 3.0]
            sess.run(v.initializer)
            assert sess.run(v) == 1.0
            assert sess.run(inc) == 2.0


def test_a_new_session_starts_from_the_initial_values():
    with tf.Graph().as_default():
        v = tf.Variable(0)
        inc = v.assign_add(5)
        init = v1.global_variables_initializer()
        with v1.Session() as sess:
            sess.run(init)
            assert sess.run(inc) == 5
        with v1.Session() as sess:
            sess.run(init)
            assert sess.run(v) == 0


def test_variables_initializer_resets_only_its_list():
    with tf.Graph().as_default():
        a, b = tf.Variable(10), tf.Variable(20)
        update = tf.group(a.assign(11), b.assign(21))
        with v1.Session() as sess:
            sess.run(update)
            sess.run(v1.variables_initializer([a]))
            assert sess.run([a, b]) == [10, 21]


def test_a_group_of_initializers_runs_them_all():
    with tf.Graph().as_default():
        v = tf.Variable(1.0)
        local = v1.Variable(0.0, collections=[v1.GraphKeys.LOCAL_VARIABLES])
        update = tf.group(v.assign(5.0), local.assign(6.0))
        init = tf.group(v1.global_variables_initializer(), v1.local_variables_initializer())
        with v1.Session() as sess:
            sess.run(update)
            sess.run(init)
            assert sess.run([v, local]) == [1.0, 0.0]


def test_initializer_ops_are_named_and_printed_as_tf_does():
    with tf.Graph().as_default():
        v = tf.Variable(3.0, name="v")
        init = v1.global_variables_initializer()
        assert (init.name, init.type) == ("init", "NoOp")
        assert str(init) == 'name: "init"\nop: "NoOp"\ninput: "^v/Assign"\n'
        assert (v.initializer.name, v.initializer.type) == ("v/Assign", "AssignVariableOp")
        assert v1.local_variables_initializer().name == "init_1"


def test_initializer_run_and_eval_in_the_default_session():
    with tf.Graph().as_default():
        v = v1.get_variable("v", initializer=tf.constant([1.0, 2.0]))
        update = v1.assign(v, [5.0, 6.0])
        with v1.Session():
            v1.global_variables_initializer().run()
            update.eval()
            np.testing.assert_array_equal(v.eval(), [5.0, 6.0])
            v.initializer.run()
            np.testing.assert_array_equal(v.eval(), [1.0, 2.0])


def test_a_variable_made_eagerly_keeps_its_value_when_initializers_run():
    v = tf.Variable(1.0)
    v.assign(4.0)
    v.initializer.run()
    assert v.numpy() == 4.0


# --- local Variables ----------------------------------------------------------------------------
def test_a_local_variable_is_not_global_and_local_init_resets_it():
    with tf.Graph().as_default():
        counter = v1.Variable(0, collections=[v1.GraphKeys.LOCAL_VARIABLES], name="counter")
        step = counter.assign_add(1)
        assert [v.name for v in v1.local_variables()] == ["counter:0"]
        assert v1.global_variables() == []
        assert isinstance(counter, v1.Variable)
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            for _ in range(3):
                sess.run(step)
            assert sess.run(counter) == 3
            sess.run(v1.local_variables_initializer())
            assert sess.run(counter) == 0


# --- tf.compat.v1.metrics -----------------------------------------------------------------------
def test_accuracy_streams_over_batches_and_resets():
    with tf.Graph().as_default():
        labels = tf.constant([1, 0, 1, 1])
        preds = v1.placeholder(tf.int64, [4])
        acc, acc_op = v1.metrics.accuracy(labels, preds)
        assert (acc.name, acc_op.name) == ("accuracy/value:0", "accuracy/update_op:0")
        assert [v.name for v in v1.local_variables()] == ["accuracy/total:0", "accuracy/count:0"]
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            assert sess.run(acc_op, {preds: [1, 0, 0, 1]}) == 0.75
            assert sess.run(acc_op, {preds: [1, 1, 1, 1]}) == 0.75
            assert sess.run(acc) == 0.75
            sess.run(v1.local_variables_initializer())
            assert sess.run(acc) == 0.0


def test_metric_variables_collections_and_names():
    with tf.Graph().as_default():
        v1.metrics.accuracy([1, 2], [1, 1], name="my_acc")
        names = ["my_acc/total:0", "my_acc/count:0"]
        assert [v.name for v in v1.get_collection(v1.GraphKeys.LOCAL_VARIABLES)] == names
        assert [v.name for v in v1.get_collection(v1.GraphKeys.METRIC_VARIABLES)] == names
        assert v1.global_variables() == [] and v1.trainable_variables() == []


def test_metrics_raise_runtime_error_eagerly():
    with pytest.raises(RuntimeError, match="tf.metrics.accuracy is not supported when eager"):
        v1.metrics.accuracy([1, 2], [1, 1])


def _run_update_then_value(value, update_op, times=1):
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        for _ in range(times):
            updated = sess.run(update_op)
        return updated, sess.run(value)


def test_mean_with_weights_and_mean_tensor():
    with tf.Graph().as_default():
        assert _run_update_then_value(
            *v1.metrics.mean([1.0, 2.0, 3.0], weights=[1.0, 0.0, 1.0])) == (2.0, 2.0)
        updated, value = _run_update_then_value(*v1.metrics.mean_tensor([1.0, 4.0]), times=2)
        np.testing.assert_array_equal(value, [1.0, 4.0])


def test_precision_recall_and_the_four_counts():
    with tf.Graph().as_default():
        labels = tf.constant([True, False, True, True, False])
        preds = tf.constant([True, True, False, True, False])
        p, p_op = v1.metrics.precision(labels, preds)
        r, r_op = v1.metrics.recall(labels, preds)
        assert (p.name, r_op.name) == ("precision/value:0", "recall/update_op:0")
        counts = [getattr(v1.metrics, kind)(labels, preds)[1] for kind in (
            "true_positives", "false_positives", "false_negatives", "true_negatives")]
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            np.testing.assert_allclose(sess.run([p_op, r_op]), [2 / 3, 2 / 3], rtol=1e-6)
            assert sess.run(counts) == [2.0, 1.0, 1.0, 1.0]


def test_error_metrics():
    with tf.Graph().as_default():
        labels = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        preds = tf.constant([[1.5, 2.0], [2.0, 5.0]])
        mse = v1.metrics.mean_squared_error(labels, preds)
        mae = v1.metrics.mean_absolute_error(labels, preds)
        rmse = v1.metrics.root_mean_squared_error([1.0, 2.0, 3.0], [1.0, 2.0, 5.0])
        assert _run_update_then_value(*mse, times=2) == (0.5625, 0.5625)
        assert _run_update_then_value(*mae) == (0.625, 0.625)
        np.testing.assert_allclose(_run_update_then_value(*rmse)[1], 1.1547005, rtol=1e-6)


def test_auc_mean_iou_and_mean_per_class_accuracy():
    with tf.Graph().as_default():
        auc = v1.metrics.auc(tf.constant([0, 0, 1, 1]), tf.constant([0.1, 0.4, 0.35, 0.8]))
        np.testing.assert_allclose(_run_update_then_value(*auc)[1], 0.75, atol=1e-4)
        matrix, miou = _run_update_then_value(*v1.metrics.mean_iou(
            tf.constant([0, 0, 1, 1]), tf.constant([0, 1, 1, 1]), num_classes=2))
        np.testing.assert_array_equal(matrix, [[1.0, 1.0], [0.0, 2.0]])
        np.testing.assert_allclose(miou, 0.5833334, rtol=1e-6)
        _, mean_accuracy = _run_update_then_value(*v1.metrics.mean_per_class_accuracy(
            tf.constant([0, 0, 1, 1, 2]), tf.constant([0, 1, 1, 1, 0]), num_classes=3))
        assert mean_accuracy == 0.5


def test_accuracy_shapes_must_be_compatible():
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match=r"Shapes \(3,\) and \(2,\) are incompatible"):
            v1.metrics.accuracy(tf.constant([0, 1]), tf.constant([0, 1, 1]))


# --- dataset iterators --------------------------------------------------------------------------
def test_one_shot_iterator_takes_an_element_per_run_then_out_of_range():
    with tf.Graph().as_default():
        ds = tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4], [1, 2, 0, 4])).batch(2)
        y_true, y_pred = v1.data.make_one_shot_iterator(ds).get_next()
        assert y_true.shape.as_list() == [None]
        acc, acc_op = v1.metrics.accuracy(y_true, y_pred)
        with v1.Session() as sess:
            sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
            sess.run(acc_op)
            sess.run(acc_op)
            with pytest.raises(tf.errors.OutOfRangeError):
                sess.run(acc_op)
            assert sess.run(acc) == 0.75


def test_initializable_iterator_starts_over_when_its_initializer_runs():
    with tf.Graph().as_default():
        it = v1.data.make_initializable_iterator(tf.data.Dataset.range(2))
        nxt = it.get_next()
        with v1.Session() as sess:
            with pytest.raises(tf.errors.FailedPreconditionError):
                sess.run(nxt)
            for _ in range(2):
                sess.run(it.initializer)
                assert [sess.run(nxt), sess.run(nxt)] == [0, 1]


def test_eagerly_a_one_shot_iterator_is_the_dataset_iterator():
    it = v1.data.make_one_shot_iterator(tf.data.Dataset.range(2))
    assert [int(x) for x in it] == [0, 1]


# --- uninitialized Variables ----------------------------------------------------------------------
def test_reading_a_variable_before_its_initializer_is_failed_precondition():
    with tf.Graph().as_default():
        v = tf.Variable(1.0, name="never_init")
        with v1.Session() as sess:
            with pytest.raises(tf.errors.FailedPreconditionError,
                               match="Could not find variable never_init.*uninitialized"):
                sess.run(v)
            with pytest.raises(tf.errors.FailedPreconditionError):
                sess.run(v + 1.0)
            sess.run(v.initializer)
            assert sess.run(v + 1.0) == 2.0
        with v1.Session() as sess:  # a new session: not initialized there
            with pytest.raises(tf.errors.FailedPreconditionError):
                sess.run(v)


def test_an_assignment_initializes_and_an_update_needs_the_value():
    with tf.Graph().as_default():
        v = tf.Variable(1.0)
        with v1.Session() as sess:
            with pytest.raises(tf.errors.FailedPreconditionError):
                sess.run(v.assign_add(1.0))
            assert sess.run(v.assign(5.0)) == 5.0
            assert sess.run(v) == 5.0


def test_report_uninitialized_variables_and_is_variable_initialized():
    with tf.Graph().as_default():
        a = tf.Variable(1.0, name="a")
        tf.Variable(2.0, name="b")
        report = v1.report_uninitialized_variables()
        a_ready = v1.is_variable_initialized(a)
        with v1.Session() as sess:
            assert list(sess.run(report)) == [b"a", b"b"]
            assert not sess.run(a_ready)
            sess.run(a.initializer)
            assert list(sess.run(report)) == [b"b"] and sess.run(a_ready)
            sess.run(v1.global_variables_initializer())
            assert list(sess.run(report)) == []


def test_restore_initializes_in_the_session(tmp_path):
    with tf.Graph().as_default():
        v = tf.Variable([1.0, 2.0], name="v")
        saver = v1.train.Saver()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            sess.run(v.assign([3.0, 4.0]))
            path = saver.save(sess, str(tmp_path / "ckpt"))
        with v1.Session() as sess:
            saver.restore(sess, path)
            np.testing.assert_array_equal(sess.run(v), [3.0, 4.0])


def test_train_global_step_reads_the_counter_in_a_session():
    with tf.Graph().as_default():
        step = v1.train.get_or_create_global_step()
        w = tf.Variable(5.0)
        train = v1.train.GradientDescentOptimizer(0.25).minimize(tf.square(w), global_step=step)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(3):
                sess.run(train)
            assert v1.train.global_step(sess, step) == 3


# --- session options and TF 1.x Variable methods --------------------------------------------------
def test_config_proto_prints_its_set_fields_in_message_order():
    config = v1.ConfigProto(allow_soft_placement=True, inter_op_parallelism_threads=2)
    config.gpu_options.allow_growth = True
    config.gpu_options.per_process_gpu_memory_fraction = 0.4
    assert str(config) == ("inter_op_parallelism_threads: 2\ngpu_options {\n"
                           "  per_process_gpu_memory_fraction: 0.4\n  allow_growth: true\n}\n"
                           "allow_soft_placement: true\n")
    assert str(v1.ConfigProto()) == "" and not v1.ConfigProto().allow_soft_placement
    assert str(v1.RunOptions(trace_level=v1.RunOptions.FULL_TRACE)) == "trace_level: FULL_TRACE\n"
    with pytest.raises(ValueError, match='Protocol message ConfigProto has no "foo" field.'):
        v1.ConfigProto(foo=1)
    with tf.Graph().as_default():
        with v1.Session(config=config) as sess:
            assert sess.run(tf.constant(2) * 3, options=v1.RunOptions(),
                            run_metadata=v1.RunMetadata()) == 6


def test_v1_variable_load_op_and_graph():
    with tf.Graph().as_default() as g:
        v = tf.Variable([1, 2], name="myvar")
        assert (v.op.name, v.op.type, v.graph is g) == ("myvar", "VarHandleOp", True)
        with v1.Session() as sess:
            v.load([3, 4], sess)  # (initializes it in the session)
            assert sess.run(v).tolist() == [3, 4]
    with pytest.raises(AttributeError, match="Tensor.op is undefined when eager"):
        getattr(tf.Variable(1.0), "op")  # noqa: B009 (the access is what raises)
